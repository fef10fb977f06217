// Availability's read cache: reuse within the TTL, share in-flight reads, drop on invalidate and on errors.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createReadCache } from '../../functions/lib/store/read-cache';
import { createAvailabilityHandler } from '../../functions/lib/handlers/availability';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { zonedToUtc } from '../../src/domain/scheduling/time';
import { futureWorkday, get, key, openTestApp, postJson, PRESELLERS, validRequest, type TestApp } from './helpers';

let app: TestApp;
const date = futureWorkday(3);
beforeAll(async () => {
  app = await openTestApp({ env: { AVAILABILITY_CACHE_MS: '60000' } });
});
afterAll(() => app.close());

/** Who is shown at a time, keeping Carla wherever she is free (so a change to her shows). */
const slotsAt = async (time: string) => {
  const { availableSlots } = await (await createAvailabilityHandler(async () => app)(get(`/api/availability?date=${date}&keep=${PRESELLERS.carla}`))).json();
  return availableSlots.filter((s: { time: string }) => s.time === time).map((s: { presellerName: string }) => s.presellerName);
};

it('serves availability from the cache until a booking here invalidates it', async () => {
  expect(await slotsAt('10:00')).toEqual(['Carla']);
  // A change made behind the app's back (another instance, an admin) waits for the TTL…
  await app.store.db.query('insert into preseller_time_off (preseller_id, starts_at, ends_at) values ($1, $2, $3)', [
    PRESELLERS.carla, zonedToUtc(date, '10:00', 'America/Sao_Paulo'), zonedToUtc(date, '10:30', 'America/Sao_Paulo'),
  ]);
  expect(await slotsAt('10:00')).toEqual(['Carla']);
  // …but a booking through this app clears it at once: Carla is off, Ana booked, Bruno is left.
  const lead = await (await createLeadsHandler(async () => app)(postJson('/api/leads', { ...validRequest, idempotencyKey: key() }))).json();
  const booked = await createMeetingsHandler(async () => app)(postJson('/api/meetings', {
    leadId: lead.id, scheduledDate: date, scheduledTime: '10:00', presellerId: PRESELLERS.ana, service: 'consultoria', diagnosticScore: 75, idempotencyKey: key(),
  }));
  expect(booked.status).toBe(201);
  expect(await slotsAt('10:00')).toEqual(['Bruno']);
});

it('shares in-flight reads, expires after the TTL and never caches a failure', async () => {
  // lru-cache reads a start time of 0 as "no TTL"; a real clock (epoch ms) never reads 0.
  const t0 = 1_000_000;
  let t = t0;
  let calls = 0;
  let fail = true;
  const store = { ...app.store, team: async () => {
    calls++;
    if (fail) throw new Error('down');
    return { presellers: [], hours: new Map() };
  } };
  const cache = createReadCache(store, 1000, () => t);
  await expect(cache.presellers()).rejects.toThrow('down');
  fail = false;
  await Promise.all([cache.presellers(), cache.presellers(), cache.presellers()]);
  expect(calls).toBe(2);
  // Fresh for ttlMs after the load settled (lru-cache: stale once the age exceeds the TTL).
  t = t0 + 1000;
  await cache.presellers();
  expect(calls).toBe(2);
  t = t0 + 1001;
  await cache.presellers();
  expect(calls).toBe(3);
  cache.invalidate();
  await cache.presellers();
  expect(calls).toBe(4);
});

it('reads the team once per request with the cache off, and again for the next request', async () => {
  let calls = 0;
  const store = { ...app.store, team: async () => {
    calls++;
    return app.store.team();
  } };
  const cache = createReadCache(store, 0);
  const [from, to] = [zonedToUtc(date, '09:00', 'America/Sao_Paulo'), zonedToUtc(date, '18:00', 'America/Sao_Paulo')];
  const request = cache.forRequest();
  const [presellers, , busy] = await Promise.all([request.presellers(), request.weekly(), request.busy(from, to), request.presellers()]);
  expect(calls).toBe(1);
  expect(presellers.map((p) => p.name)).toEqual(['Ana Souza', 'Bruno Almeida', 'Carla Mendes']);
  // The same busy list as a read without the request's team (off-hours included).
  expect(busy).toEqual(await app.store.listBusy(from, to));
  await cache.forRequest().presellers();
  expect(calls).toBe(2);
  // Without a request, nothing is kept with the cache off.
  await cache.presellers();
  await cache.presellers();
  expect(calls).toBe(4);
});

it('memoises computed answers per key and drops them on invalidate', async () => {
  const cache = createReadCache(app.store, 1000, () => 0);
  let computed = 0;
  const compute = async () => ++computed;
  expect(await cache.memo('a', compute)).toBe(1);
  expect(await cache.memo('a', compute)).toBe(1);
  expect(await cache.memo('b', compute)).toBe(2);
  cache.invalidate();
  expect(await cache.memo('a', compute)).toBe(3);
});

it('invalidate() during a load: its callers still get the answer, and the next read loads afresh', async () => {
  const cache = createReadCache(app.store, 1000, () => 1_000_000);
  let release = (_v: string) => {};
  let computed = 0;
  const pending = cache.memo('a', () => new Promise<string>((resolve) => ((computed++, (release = resolve)))));
  cache.invalidate();
  release('old');
  await expect(pending).resolves.toBe('old');
  expect(await cache.memo('a', async () => (computed++, 'new'))).toBe('new');
  expect(computed).toBe(2);
});
