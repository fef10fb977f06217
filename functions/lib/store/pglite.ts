// Embedded Postgres (PGlite) adapter: the default when Supabase is not configured.
// One instance per process; migrations are applied once (tracked in local_migrations) and the
// idempotent seed on every start.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { StoreUnavailableError } from '../http';
import { loadMigrations } from './migrations';
import type { Busy } from '../slots';
import {
  bookResult, leadRow, meetingRow, OUTBOX_LEASE_SECONDS, OUTBOX_MAX_ATTEMPTS,
  type LeadRecord, type MeetingRecord, type OutboxRow, type PersonData, type PersonDeletion, type Preseller, type Store,
} from './port';

export async function openPgliteStore(dataDir: string): Promise<Store> {
  let db: PGlite;
  try {
    const dir = join(dataDir, 'db');
    await mkdir(dir, { recursive: true });
    db = await PGlite.create(dir, { extensions: { btree_gist } });
    await migrate(db);
  } catch (error) {
    throw new StoreUnavailableError(`pglite_open:${(error as { code?: string })?.code ?? 'failed'}`);
  }
  return pgliteStore(db);
}

/** Also used by tests to run the RLS checks on the very same database. */
export async function migrate(db: PGlite): Promise<void> {
  const { migrations, seed } = await loadMigrations();
  await db.exec('create table if not exists local_migrations (name text primary key, applied_at timestamptz not null default now())');
  const done = new Set((await db.query<{ name: string }>('select name from local_migrations')).rows.map((r) => r.name));
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(m.sql);
      await tx.query('insert into local_migrations (name) values ($1)', [m.name]);
    });
  }
  if (seed) await db.exec(seed);
}

export function pgliteStore(db: PGlite): Store & { db: PGlite } {
  const rows = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;
  return {
    kind: 'pglite',
    db,
    async ping() {
      await db.query('select 1');
    },
    async createLead(lead, outbox) {
      const [row] = await rows<{ out_id: string; out_created: boolean }>('select * from create_lead($1, $2)', [leadRow(lead), outbox]);
      return { id: row.out_id, created: row.out_created };
    },
    async getLead(id) {
      const [row] = await rows<LeadRecord>('select id, nome, email, cnpj, empresa, telefone from leads where id = $1', [id]);
      return row ?? null;
    },
    async listActivePresellers() {
      return rows<Preseller>('select id, name, email from presellers where active order by name');
    },
    async listBusy(from, to) {
      return rows<Busy>('select preseller_id as "presellerId", starts_at as "startsAt", ends_at as "endsAt" from list_busy($1, $2)', [from, to]);
    },
    async findMeetingByKey(key) {
      const [row] = await rows<MeetingRecord>(
        'select id, preseller_id as "presellerId", starts_at as "startsAt" from meetings where idempotency_key = $1',
        [key],
      );
      return row ?? null;
    },
    async previousPresellerId(email, cnpj) {
      const [row] = await rows<{ id: string | null }>('select previous_preseller($1, $2) as id', [email, cnpj]);
      return row?.id ?? null;
    },
    async countMeetings(from, to) {
      const list = await rows<{ preseller_id: string; meetings: number }>('select * from count_meetings($1, $2)', [from, to]);
      return Object.fromEntries(list.map((r) => [r.preseller_id, r.meetings]));
    },
    async bookMeeting(meeting, outbox) {
      const [row] = await rows<Parameters<typeof bookResult>[0]>('select * from book_meeting($1, $2)', [meetingRow(meeting), outbox]);
      return bookResult(row);
    },
    async claimOutbox(now, limit) {
      const list = await rows<{ id: string; kind: string; message: OutboxRow['message']; attempts: number }>(
        'select id, kind, message, attempts from claim_outbox($1, $2, $3, $4)',
        [now, limit, OUTBOX_LEASE_SECONDS, OUTBOX_MAX_ATTEMPTS],
      );
      return list;
    },
    async markSent(id, now) {
      await db.query('update outbox set sent_at = $2, locked_until = null, last_error = null where id = $1', [id, now]);
    },
    async markFailed(id, nextAttemptAt, error) {
      await db.query('update outbox set next_attempt_at = $2, locked_until = null, last_error = $3 where id = $1', [id, nextAttemptAt, error]);
    },
    async exportPersonData(email) {
      const [row] = await rows<{ data: PersonData }>('select export_person_data($1) as data', [email]);
      return row.data;
    },
    async deletePersonData(email) {
      const [row] = await rows<{ data: PersonDeletion }>('select delete_person_data($1) as data', [email]);
      return row.data;
    },
    async close() {
      await db.close();
    },
  };
}
