// The minute's mail drain as Netlify runs it: a process of its own, stopped hard at the scheduled limit
// (30 s), then run again. The mail server takes 4 s per message (a slow provider). Every mail must arrive
// exactly once: a run stopped in the middle of a send (delivered, not yet recorded) would send it again on
// the next run, with the same Message-ID. The drain starts a send only while the slowest send can still end
// before 27 s (lib/budget.ts), so at 30 s nothing is in flight. Parsed from what the mail server received.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import postgres from 'postgres';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bundleFunctions } from '../../../scripts/server/bundle-functions.mjs';
import { createTestDatabase, type TestDatabase } from '../../support/postgres-db';
import { projectRoot } from '../../support/project';
import { freePort } from '../../support/site-process.mjs';
import { startSmtp, stopSmtp, type Received } from '../smtp';
import { fakedClockEnv } from '../../support/faked-clock';

const serverUrl = inject('postgresUrl');
/** Netlify's limit for a scheduled function: the process is killed then, whatever it is doing. */
const PLATFORM_LIMIT_MS = 30_000;
const MAILS = 12;

describe.skipIf(!serverUrl)('the scheduled drain stopped hard at 30 s, then run again', () => {
  let db: TestDatabase;
  let smtp: SMTPServer;
  let smtpPort: number;
  let drainModule: string;
  const inbox: Received[] = [];
  const delay = { ms: 4_000 };
  beforeAll(async () => {
    db = await createTestDatabase(serverUrl!);
    smtpPort = await freePort();
    smtp = await startSmtp(smtpPort, inbox, delay);
    const dir = await bundleFunctions([join(projectRoot, 'functions/outbox-drain.ts')], join(projectRoot, '.netlify/local-functions'));
    drainModule = join(dir, 'outbox-drain.mjs');
  }, 120_000);
  afterAll(async () => {
    if (smtp) await stopSmtp(smtp);
    await db?.drop();
  });

  /** One scheduled run in a fresh process; killed at the platform's limit if it is still running. */
  function run(): Promise<{ killed: boolean; code: number | null }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(projectRoot, 'tests/support/invoke-bundled.mjs'), drainModule, 'POST', 'https://mentor.example/.netlify/functions/outbox-drain'], {
        cwd: projectRoot,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, CONTEXT: 'production', DATABASE_URL: db.url, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, DATABASE_POOL_MAX: '1', ...fakedClockEnv() },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      let killed = false;
      const limit = setTimeout(() => {
        killed = true;
        child.kill('SIGKILL');
      }, PLATFORM_LIMIT_MS);
      child.on('error', reject);
      child.on('exit', (code) => {
        clearTimeout(limit);
        resolve({ killed, code });
      });
    });
  }

  it('every mail arrives exactly once, with a 4 s/mail server', async () => {
    const sql = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(`insert into outbox (kind, message)
        select 'killed-drain-test', jsonb_build_object('to', 'lento' || g || '@example.com', 'subject', 'Assunto ' || g, 'text', 'Texto')
        from generate_series(1, ${MAILS}) g`);
      const first = await run();
      // The run ended by itself before the limit (the kill had nothing to stop), and sent part of the queue.
      expect(first).toEqual({ killed: false, code: 0 });
      expect(inbox.length).toBeGreaterThan(0);
      expect(inbox.length).toBeLessThan(MAILS);
      // Nothing it did not send stays leased: the next run may take every remaining mail.
      const [{ leased }] = await sql`select count(*)::int as leased from outbox where kind = 'killed-drain-test' and sent_at is null and locked_until > now()`;
      expect(leased).toBe(0);

      delay.ms = 0;
      for (let i = 0; i < 5 && inbox.length < MAILS; i++) expect((await run()).killed).toBe(false);
      const ids = inbox.map((m) => /^Message-ID: (.+)$/im.exec(m.raw)?.[1]);
      const recipients = inbox.flatMap((m) => m.to).sort();
      expect(inbox).toHaveLength(MAILS);
      expect(new Set(ids).size).toBe(MAILS);
      expect(recipients).toEqual(Array.from({ length: MAILS }, (_, i) => `lento${i + 1}@example.com`).sort());
      const [{ unsent }] = await sql`select count(*)::int as unsent from outbox where kind = 'killed-drain-test' and sent_at is null`;
      expect(unsent).toBe(0);
    } finally {
      await sql.end({ timeout: 5 });
    }
  }, 180_000);
});
