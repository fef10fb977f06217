// The minute's mail drain against a mail server that accepts connections and never greets (a black hole):
// before, the first claim of 10 was sent one after another, 5 s of greeting timeout each, and one run took
// 51.6 s against Netlify's 30 s; stopped there, the rows it had leased went out again later. Now a send starts
// only while the slowest send (WORST_SEND_MS) can still end before the run must (27 s), and what the run did
// not start is given back at once. Counted, not timed: connections the server saw, attempts and leases.
// On a clock divided by SCALE (drain-site.ts): the budgets and the SMTP timeouts shrink together, so as many
// greeting timeouts fit in a window as with the production numbers (the bounds below are the same counts).
import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_WORK_MS, requestBudget, SCHEDULED_END_MS, scheduledBudget } from '../../functions/lib/budget';
import { SMTP_TIMEOUTS_MS, WORST_SEND_MS } from '../../functions/lib/mail/smtp-timeouts';
import type { SqlClient } from '../../functions/lib/store/client';
import { freePort } from '../support/site-process.mjs';
import { SCALE, scaledBudget, stubDrainEnv } from './drain-site';

const connections: Socket[] = [];
const hole = createServer((socket) => void connections.push(socket));
let undo: () => Promise<void>;

beforeAll(async () => {
  const port = await freePort();
  await new Promise<void>((resolve) => hole.listen(port, '127.0.0.1', resolve));
  undo = await stubDrainEnv('mentor-black-hole-', port);
});
afterAll(async () => {
  await undo();
  for (const socket of connections) socket.destroy();
  await new Promise((resolve) => hole.close(resolve));
});

describe('the scheduled outbox drain against a black-hole mail server', () => {
  it('starts a send only while the slowest send can still end in time, and gives back what it did not start', async () => {
    const { drainWithin } = await import('../../functions/outbox-drain.ts');
    const { getApp } = await import('../../functions/lib/app');
    const sql = ((await getApp()).store as unknown as { sql: SqlClient }).sql;
    await sql.exec(`insert into outbox (kind, message)
      select 'black-hole-test', jsonb_build_object('to', 'buraco' || g || '@example.com', 'subject', 'Assunto ' || g, 'text', 'Texto')
      from generate_series(1, 10) g`);

    expect((await drainWithin(scaledBudget(scheduledBudget))).status).toBe(204);
    const rows = await sql.query<{ attempts: number; sent: boolean; leased: boolean; error: string | null }>(
      "select attempts, sent_at is not null as sent, coalesce(locked_until > now(), false) as leased, last_error as error from outbox where kind = 'black-hole-test'");
    // Each failed send costs the greeting timeout; sends start while WORST_SEND_MS still fits before 27 s.
    const mostSends = Math.floor((SCHEDULED_END_MS - WORST_SEND_MS) / SCALE / (SMTP_TIMEOUTS_MS.greetingTimeout / SCALE)) + 1;
    expect(connections.length).toBeGreaterThanOrEqual(1);
    expect(connections.length).toBeLessThanOrEqual(mostSends);
    const tried = rows.filter((r) => r.attempts > 0);
    expect(tried).toHaveLength(connections.length);
    expect(tried.every((r) => r.error !== null && !r.sent)).toBe(true);
    // The rest is given back, not left leased until its lease runs out: due for the next run, no attempt spent.
    expect(rows.filter((r) => r.leased)).toEqual([]);
    expect(rows.filter((r) => r.attempts === 0)).toHaveLength(10 - connections.length);
  }, 120_000);

  it('the flush after an answer (waitUntil) starts sends only in its first seconds too, and gives back the rest', async () => {
    const { getApp } = await import('../../functions/lib/app');
    const app = await getApp();
    const sql = (app.store as unknown as { sql: SqlClient }).sql;
    await sql.exec("delete from outbox where kind = 'black-hole-test'");
    await sql.exec(`insert into outbox (kind, message)
      select 'black-hole-flush', jsonb_build_object('to', 'fila' || g || '@example.com', 'subject', 'Assunto ' || g, 'text', 'Texto')
      from generate_series(1, 10) g`);
    const before = connections.length;
    await app.outbox.kick(scaledBudget(requestBudget));
    const rows = await sql.query<{ attempts: number; leased: boolean }>(
      "select attempts, coalesce(locked_until > now(), false) as leased from outbox where kind = 'black-hole-flush'");
    const made = connections.length - before;
    expect(made).toBeGreaterThanOrEqual(1);
    expect(made).toBeLessThanOrEqual(Math.floor(REQUEST_WORK_MS / SCALE / (SMTP_TIMEOUTS_MS.greetingTimeout / SCALE)) + 1);
    expect(rows.filter((r) => r.attempts > 0)).toHaveLength(made);
    expect(rows.filter((r) => r.leased)).toEqual([]);
  }, 120_000);
});
