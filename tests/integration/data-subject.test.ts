// LGPD data-subject requests on PGlite: export and delete exactly one person's rows, by email in any case.
import { execFile } from 'node:child_process';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { requestFingerprint } from '../../functions/lib/idempotency';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { openPgliteStore } from '../../functions/lib/store/pglite';
import { validateLead } from '../../src/domain/lead';
import { cliDataDir } from './consultants-process';
import { futureWorkday, key, openTestApp, POLICY_VERSION, postJson, validLead, validRequest, type TestApp } from './helpers';

// Ana's address is a substring of Joana's: matching must be exact, not "contains".
const ANA = 'Ana.Souza@Solar.com.br';
const JOANA = 'joana.souza@solar.com.br';
type Row = { id: string; message: { to: string; text: string } };

let app: TestApp;
const people: Record<string, { leads: string[]; meetings: string[] }> = { ana: { leads: [], meetings: [] }, joana: { leads: [], meetings: [] } };
const date = futureWorkday(5);

async function addLeadWithMeeting(who: 'ana' | 'joana', email: string, time: string) {
  const res = await createLeadsHandler(async () => app)(postJson('/api/leads', { ...validRequest, email, idempotencyKey: key() }));
  const { id } = await res.json();
  const booked = await createMeetingsHandler(async () => app)(postJson('/api/meetings', {
    leadId: id, scheduledDate: date, scheduledTime: time, service: 'trafego', diagnosticScore: 75, idempotencyKey: key(),
  }));
  expect(booked.status).toBe(201);
  people[who].leads.push(id);
  people[who].meetings.push((await booked.json()).meeting.id);
}

/** Outbox ids about a person, found independently of the SQL: addressed to them or quoting their ids. */
async function outboxAbout(who: 'ana' | 'joana', email: string): Promise<string[]> {
  const { rows } = await app.store.db.query<Row>('select id, message from outbox order by id');
  const ids = [...people[who].leads, ...people[who].meetings];
  return rows.filter((r) => r.message.to.toLowerCase() === email.toLowerCase() || ids.some((i) => r.message.text.includes(i))).map((r) => r.id);
}

const ids = async (table: string) => (await app.store.db.query<{ id: string }>(`select id from ${table} order by id`)).rows.map((r) => r.id);

beforeAll(async () => {
  app = await openTestApp();
  await addLeadWithMeeting('ana', ANA, '09:00');
  // One upcoming meeting per person: her first one was cancelled before she came back.
  await app.store.db.query(`update meetings set status = 'cancelled' where id = $1`, [people.ana.meetings[0]]);
  await addLeadWithMeeting('ana', ANA.toUpperCase(), '10:00'); // came back with the same address, other case
  await addLeadWithMeeting('joana', JOANA, '11:00');
  await app.outbox.idle();
  // A message still waiting to be sent, besides the ones the drain already marked sent.
  await app.store.db.query(`insert into outbox (kind, message, next_attempt_at) values ('reminder', $1, now() + interval '1 day')`,
    [{ to: 'ana.souza@solar.com.br', subject: 'Lembrete', text: 'Até amanhã!' }]);
});
afterAll(() => app.close());

describe('export_person_data', () => {
  it("returns exactly the person's leads with their meetings, whatever the case of the email", async () => {
    const data = await app.store.exportPersonData('  ana.SOUZA@solar.COM.br ');
    expect(data.email).toBe('ana.souza@solar.com.br');
    expect(data.leads.map((l) => l.id).sort()).toEqual([...people.ana.leads].sort());
    // And every stored message about her (sent or waiting), with its content.
    expect(data.messages.map((m) => m.id).sort()).toEqual((await outboxAbout('ana', ANA)).sort());
    expect(data.messages.find((m) => m.message.subject === 'Lembrete')).toMatchObject({ kind: 'reminder', sent_at: null });
    for (const lead of data.leads) {
      expect(lead).toMatchObject({ nome: validLead.nomeCompleto, privacy_policy_version: POLICY_VERSION, consent_at: expect.any(String) });
      expect(lead).not.toHaveProperty('idempotency_key');
      const meetings = lead.meetings as Record<string, unknown>[];
      expect(meetings).toHaveLength(1);
      // Her first meeting was cancelled before she booked again.
      const status = meetings[0].id === people.ana.meetings[0] ? 'cancelled' : 'scheduled';
      expect(meetings[0]).toMatchObject({ service: 'trafego', status, preseller_name: expect.any(String) });
      expect(people.ana.meetings).toContain(meetings[0].id);
    }
    expect((await app.store.exportPersonData(JOANA.toUpperCase())).leads.map((l) => l.id)).toEqual(people.joana.leads);
    expect((await app.store.exportPersonData('ninguem@example.com')).leads).toEqual([]);
  });
});

describe('delete_person_data', () => {
  it("deletes exactly one person's leads, meetings and outbox messages, sent or pending", async () => {
    const anaOutbox = await outboxAbout('ana', ANA);
    // 1 lead notification (her second form came the same day: one "Novo lead" per person per day), 2 × 2
    // invites, 1 pending reminder.
    expect(anaOutbox).toHaveLength(6);
    const joanaBefore = await app.store.exportPersonData(JOANA);
    const before = { leads: await ids('leads'), meetings: await ids('meetings'), outbox: await ids('outbox') };

    expect(await app.store.deletePersonData('ANA.souza@solar.com.br')).toEqual({ leads: 2, meetings: 2, outbox: 6 });

    const gone = (list: string[], removed: string[]) => list.filter((id) => !removed.includes(id));
    expect(await ids('leads')).toEqual(gone(before.leads, people.ana.leads));
    expect(await ids('meetings')).toEqual(gone(before.meetings, people.ana.meetings));
    expect(await ids('outbox')).toEqual(gone(before.outbox, anaOutbox));
    expect((await outboxAbout('joana', JOANA)).length).toBe(3);
    expect(await app.store.exportPersonData(JOANA)).toEqual({ ...joanaBefore, exported_at: expect.any(String) });
    expect(await app.store.deletePersonData(ANA)).toEqual({ leads: 0, meetings: 0, outbox: 0 });
  });

  it('refuses a blank email and is callable by the service role only', async () => {
    await expect(app.store.deletePersonData('  ')).rejects.toThrow(/email/);
    for (const role of ['anon', 'authenticated']) {
      await app.store.db.exec(`set role ${role}`);
      try {
        await expect(app.store.db.query(`select export_person_data('a@b.c')`)).rejects.toThrow(/permission denied/);
        await expect(app.store.db.query(`select delete_person_data('a@b.c')`)).rejects.toThrow(/permission denied/);
      } finally {
        await app.store.db.exec('reset role');
      }
    }
  });
});

describe('scripts/ops/data-subject.mjs', () => {
  it('exports, asks for --yes, then deletes on the DATA_DIR store', { timeout: 180_000 }, async () => {
    // A copy of the run's migrated database: a fresh one would cost ~8 CPU-s of migrations tested elsewhere.
    const dataDir = await cliDataDir('mentor-dsr-');
    try {
      const store = await openPgliteStore(dataDir);
      const parsed = validateLead(validLead);
      if (!parsed.ok) throw new Error('fixture invalid');
      for (const email of ['Cli@Example.com', 'outra@example.com']) {
        const mail = [{ kind: 'meeting-lead', message: { to: email, subject: 'Convite', text: 'Olá' } }];
        await store.createLead({ ...parsed.data, email, id: crypto.randomUUID(), idempotencyKey: key(), origem: 'cli-test', privacyPolicyVersion: POLICY_VERSION, requestHash: requestFingerprint({ email }) }, mail);
      }
      // The .eml copies the file sender writes without SMTP (<time>-<id>.eml), one per message.
      await mkdir(join(dataDir, 'outbox'));
      const { rows: queued } = await store.db.query<{ id: string; to: string }>("select id, message->>'to' as to from outbox");
      for (const m of queued) await writeFile(join(dataDir, 'outbox', `2026-11-23T10-00-00-000Z-${m.id}.eml`), `To: ${m.to}\n\nOlá`);
      await writeFile(join(dataDir, 'outbox', 'older.eml'), 'To: Maria <CLI@example.COM>\n\nantigo');
      // Other people's mail stays, whatever it quotes: a longer address that contains theirs, another
      // domain that starts like theirs, and a message to someone else that mentions them.
      const others = {
        'joana.eml': 'To: xcli@example.com\n\nOlá',
        'br.eml': 'To: cli@example.com.br\n\nOlá',
        'quote.eml': 'To: mentor@example.com\nReply-To: cli@example.com\n\nNovo lead: cli@example.com',
        // Their address as someone else's display name or comment is not where the message goes.
        'display.eml': 'To: "cli@example.com" <mentor@example.com>, (cli@example.com) outra@example.com\n\nOlá',
      };
      for (const [name, content] of Object.entries(others)) await writeFile(join(dataDir, 'outbox', name), content);
      await store.close(); // one process at a time may open an embedded database

      const env = { ...process.env, DATA_DIR: dataDir, SUPABASE_URL: '', SUPABASE_SERVICE_ROLE_KEY: '' };
      const cli = (...args: string[]) => promisify(execFile)(process.execPath, ['scripts/ops/data-subject.mjs', ...args], { env, cwd: process.cwd() });
      const exported = JSON.parse((await cli('export', 'cli@example.com')).stdout);
      expect(exported.leads.map((l: { email: string }) => l.email)).toEqual(['Cli@Example.com']);
      expect((await cli('delete', 'cli@example.com')).stderr).toMatch(/--yes/);
      expect(JSON.parse((await cli('delete', 'CLI@example.com', '--yes')).stdout)).toEqual({ deleted: { leads: 1, meetings: 0, outbox: 1, cancelled: 0, files: 2 } });
      const left = await readdir(join(dataDir, 'outbox'));
      expect(left.sort()).toEqual([`2026-11-23T10-00-00-000Z-${queued.find((m) => m.to === 'outra@example.com')!.id}.eml`, ...Object.keys(others)].sort());
      await expect(cli('remove', 'cli@example.com')).rejects.toMatchObject({ code: 2 });

      const after = await openPgliteStore(dataDir);
      const { rows } = await (after as unknown as { db: TestApp['store']['db'] }).db.query<{ email: string }>('select email from leads');
      await after.close();
      expect(rows).toEqual([{ email: 'outra@example.com' }]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
