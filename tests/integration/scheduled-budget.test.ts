// Every scheduled function ends within Netlify's 30 s (lib/budget.ts): with a slow mail server and more
// queued mails than fit, one run of the minute's drain sends what fits and returns; nothing it could not send stays
// leased, and the next runs send the rest, each message once. With a server that never answers: drain-black-hole.test.ts.
// The slow run is on a clock divided by SCALE (drain-site.ts): its budget, the SMTP timeouts and the server's
// delay, all together, so it makes the production comparisons in a fifth of the time.
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULED_END_MS, SCHEDULED_WORK_MS, scheduledBudget } from '../../functions/lib/budget';
import { WORST_SEND_MS } from '../../functions/lib/mail/smtp-timeouts';
import { createSender } from '../../functions/lib/mail/transport';
import type { SqlClient } from '../../functions/lib/store/client';
import { freePort } from '../support/site-process.mjs';
import { SCALE, scaledBudget, scaledSmtpTimeouts, stubDrainEnv } from './drain-site';
import { startSmtp, stopSmtp, type Received } from './smtp';

let smtp: SMTPServer;
let undo: () => Promise<void>;
const inbox: Received[] = [];
/** 300 ms a mail on the production clock. */
const delay = { ms: 300 / SCALE };
/**
 * Twice what one run can send at most (its window / the delay + 1 = 24), so a run that ignored its budget would
 * send them all and fail the count below; more would only add sends the later runs make at full speed.
 */
const MAILS = 50;

beforeAll(async () => {
  const port = await freePort();
  smtp = await startSmtp(port, inbox, delay);
  undo = await stubDrainEnv('mentor-budget-', port);
});
afterAll(async () => {
  await undo();
  await stopSmtp(smtp);
});

describe('the scheduled outbox drain', () => {
  it('bounds a send by the timeouts SMTP_URL sets, the defaults unless it sets them', () => {
    const sender = (smtpUrl: string) => createSender({ smtpUrl, mailFrom: 'Mentor <a@example.com>', dataDir: '/nonexistent' });
    expect(sender('smtp://127.0.0.1:25').worstMs).toBe(WORST_SEND_MS);
    expect(WORST_SEND_MS).toBe(20_000);
    expect(sender(`smtp://127.0.0.1:25?${scaledSmtpTimeouts}`).worstMs).toBe(WORST_SEND_MS / SCALE);
    expect(sender('smtp://127.0.0.1:25?socketTimeout=60000').worstMs).toBe(70_000);
    // The entry point's own budget: Netlify's 30 s, not the scaled one used below.
    expect(scheduledBudget(0)).toEqual({ workUntil: SCHEDULED_WORK_MS, endBy: SCHEDULED_END_MS });
    expect([SCHEDULED_WORK_MS, SCHEDULED_END_MS]).toEqual([15_000, 27_000]);
  });

  it('sends 50 mails through a 300 ms/mail server across runs that each end within the budget', async () => {
    const outboxDrain = await import('../../functions/outbox-drain.ts');
    const { getApp } = await import('../../functions/lib/app');
    const app = await getApp();
    // The embedded store the entry point opened (DATA_DIR above), read and written here with SQL.
    const sql = (app.store as unknown as { sql: SqlClient }).sql;
    await sql.exec(`insert into outbox (kind, message)
      select 'budget-test', jsonb_build_object('to', 'budget' || g || '@example.com', 'subject', 'Assunto ' || g, 'text', 'Texto')
      from generate_series(1, ${MAILS}) g`);

    // The first send loads nodemailer (transport.ts imports it on first use): loaded here first, so that on a
    // loaded machine the scaled run's 1.4 s window is spent on sends, as production's 7 s are, not on an import.
    await import('nodemailer');
    const started = performance.now();
    expect((await outboxDrain.drainWithin(scaledBudget(scheduledBudget))).status).toBe(204);
    const tookMs = performance.now() - started;
    // All 50 would take 15 s; the run starts a send only while the slowest send could still end by 27 s
    // (WORST_SEND_MS before the end), and ends before Netlify's 30 s: each divided by SCALE here. The run uses
    // its window: a lower bound on wall time, which a loaded machine can only lengthen, so it cannot fail for load.
    const window = Math.min(SCHEDULED_WORK_MS, SCHEDULED_END_MS - WORST_SEND_MS) / SCALE;
    expect(tookMs).toBeGreaterThanOrEqual(window);
    const firstRun = inbox.length;
    console.info(`[budget] first run: ${firstRun} of ${MAILS} sent in ${Math.round(tookMs)} ms (clock / ${SCALE})`);
    expect(firstRun).toBeGreaterThan(0);
    // And it stops at its end, counted rather than timed (an upper bound on wall time fails on a loaded
    // machine): sends run one after another and each takes at least the server's delay, so a run that
    // starts sends only inside its window sends at most window / delay + 1 of them.
    expect(firstRun).toBeLessThanOrEqual(Math.floor(window / delay.ms) + 1);
    expect(MAILS).toBeGreaterThan(Math.floor(window / delay.ms) + 1);
    // Nothing is leased that the run did not send: the next run can take every remaining mail at once.
    const [{ leased }] = await sql.query<{ leased: number }>(
      "select count(*)::int as leased from outbox where kind = 'budget-test' and sent_at is null and locked_until > now()");
    expect(leased).toBe(0);

    // The rest through the entry point itself, on its production budget: a run ends once nothing is due.
    delay.ms = 0;
    for (let run = 0; run < 5 && inbox.length < MAILS; run++) expect((await outboxDrain.default()).status).toBe(204);
    expect(inbox).toHaveLength(MAILS);
    const ids = inbox.map((m) => /^Message-ID: (.+)$/im.exec(m.raw)?.[1]);
    expect(new Set(ids).size).toBe(MAILS);
  }, 120_000);
});
