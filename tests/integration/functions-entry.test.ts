// The deployed entry points (functions/*.ts default exports) with the env-configured store, and 503s.
import { writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAvailabilityHandler } from '../../functions/lib/handlers/availability';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { openPgliteStore } from '../../functions/lib/store/pglite';
import { cliDataDir } from './consultants-process';
import { futureWorkday, get, key, postJson, validLead, validRequest } from './helpers';

let dir: string;
beforeAll(async () => {
  // A copy of the run's migrated database (a fresh DATA_DIR's first start is serve-lifecycle's subject).
  dir = await cliDataDir('mentor-entry-');
  vi.stubEnv('DATA_DIR', dir);
  vi.stubEnv('SUPABASE_URL', '');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

describe('function entry points', () => {
  it('export Netlify v2 configs with paths and rate limits', async () => {
    for (const [file, path] of [['leads', '/api/leads'], ['availability', '/api/availability'], ['meetings', '/api/meetings'], ['manage', '/api/manage'], ['manage-link', '/api/manage-link'], ['agendar-link', '/api/agendar-link'], ['health', '/api/health']]) {
      const mod = await import(`../../functions/${file}.ts`);
      expect(mod.config.path).toBe(path);
      expect(mod.config.rateLimit).toMatchObject({ windowSize: 60, aggregateBy: ['ip', 'domain'] });
      expect(typeof mod.default).toBe('function');
    }
    // Every minute: a flood of queued mail never holds a real invite back more than a minute.
    expect((await import('../../functions/outbox-drain.ts')).config.schedule).toBe('* * * * *');
    expect((await import('../../functions/reminders.ts')).config.schedule).toBe('*/5 * * * *');
    expect((await import('../../functions/lead-followup.ts')).config.schedule).toBe('*/5 * * * *');
  });

  it('share one embedded database under DATA_DIR and write mail to DATA_DIR/outbox', async () => {
    const health = (await import('../../functions/health.ts')).default;
    const res = await health(get('/api/health'));
    expect(await res.json()).toEqual({ ok: true, store: 'pglite' });
    const leads = (await import('../../functions/leads.ts')).default;
    const created = await leads(postJson('/api/leads', { ...validRequest, idempotencyKey: key() }));
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const meetings = (await import('../../functions/meetings.ts')).default;
    const booked = await meetings(postJson('/api/meetings', { leadId: id, scheduledDate: futureWorkday(3), scheduledTime: '16:00', service: 'consultoria', diagnosticScore: 75, idempotencyKey: key() }));
    expect(booked.status).toBe(201);
    const { getApp } = await import('../../functions/lib/app');
    await (await getApp()).outbox.idle();
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(join(dir, 'outbox'))).filter((f) => f.endsWith('.eml'))).toHaveLength(3);
    await (await getApp()).store.close();
  });
});

describe('database unreachable', () => {
  it('answers 503 with pt-BR copy, no details, and logs only a code', async () => {
    const file = join(dir, 'not-a-dir');
    await writeFile(file, 'x');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = async () => {
      const store = await openPgliteStore(file); // DATA_DIR is a file: the database cannot open
      throw new Error(`unreachable ${store.kind}`);
    };
    const responses = [
      await createLeadsHandler(broken)(postJson('/api/leads', { ...validRequest, idempotencyKey: key() })),
      await createAvailabilityHandler(broken)(get(`/api/availability?date=${futureWorkday(3)}`)),
      await createMeetingsHandler(broken)(postJson('/api/meetings', { leadId: crypto.randomUUID(), scheduledDate: futureWorkday(3), scheduledTime: '10:00', service: 'consultoria', diagnosticScore: 75, idempotencyKey: key() })),
    ];
    expect(responses.map((r) => r.status)).toEqual([503, 503, 503]);
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(bodies[0]).toEqual({ error: 'Serviço temporariamente indisponível. Tente novamente em instantes.' });
    expect(bodies[2]).toEqual({ success: false, error: 'Serviço temporariamente indisponível. Tente novamente em instantes.' });
    const logged = errors.mock.calls.map((c) => c.join(' ')).join('\n');
    expect(logged).toMatch(/\[leads\] store unavailable: pglite_open/);
    expect(logged).not.toContain(validLead.email);
    expect(logged).not.toContain(dir);
    errors.mockRestore();
  });
});
