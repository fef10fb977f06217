// Supabase adapter (production): service-role client; atomic writes go through the same SQL
// functions as the embedded adapter (supabase/migrations/*_procedures.sql).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { StoreUnavailableError } from '../http';
import {
  bookResult, leadRow, meetingRow, OUTBOX_LEASE_SECONDS, OUTBOX_MAX_ATTEMPTS,
  type LeadRecord, type OutboxRow, type PersonData, type PersonDeletion, type Store,
} from './port';

type Result<T> = { data: T | null; error: { code?: string; message?: string } | null; status?: number };

/** Unwraps a supabase-js result; network or server failures become 503s, the rest 500s (code only). */
function check<T>({ data, error, status }: Result<T>): T {
  if (!error) return data as T;
  if (!status || status >= 500 || !error.code) throw new StoreUnavailableError(`supabase_${status ?? 0}`);
  throw Object.assign(new Error('supabase query failed'), { code: `supabase_${error.code}` });
}

export function openSupabaseStore(url: string, serviceRoleKey: string): Store {
  const sb: SupabaseClient = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return {
    kind: 'supabase',
    async ping() {
      check(await sb.from('presellers').select('id').limit(1));
    },
    async createLead(lead, outbox) {
      const [row] = check<{ out_id: string; out_created: boolean }[]>(await sb.rpc('create_lead', { p_lead: leadRow(lead), p_outbox: outbox }));
      return { id: row.out_id, created: row.out_created };
    },
    async getLead(id) {
      return check<LeadRecord | null>(await sb.from('leads').select('id, nome, email, cnpj, empresa, telefone').eq('id', id).maybeSingle());
    },
    async listActivePresellers() {
      return check<{ id: string; name: string; email: string }[]>(
        await sb.from('presellers').select('id, name, email').eq('active', true).order('name'),
      );
    },
    async listBusy(from, to) {
      const list = check<{ preseller_id: string; starts_at: string; ends_at: string }[]>(
        await sb.rpc('list_busy', { p_from: from.toISOString(), p_to: to.toISOString() }),
      );
      return list.map((r) => ({ presellerId: r.preseller_id, startsAt: new Date(r.starts_at), endsAt: new Date(r.ends_at) }));
    },
    async findMeetingByKey(key) {
      const row = check<{ id: string; preseller_id: string; starts_at: string } | null>(
        await sb.from('meetings').select('id, preseller_id, starts_at').eq('idempotency_key', key).maybeSingle(),
      );
      return row ? { id: row.id, presellerId: row.preseller_id, startsAt: new Date(row.starts_at) } : null;
    },
    async previousPresellerId(email, cnpj) {
      return check<string | null>(await sb.rpc('previous_preseller', { p_email: email, p_cnpj: cnpj })) ?? null;
    },
    async countMeetings(from, to) {
      const list = check<{ preseller_id: string; meetings: number }[]>(
        await sb.rpc('count_meetings', { p_from: from.toISOString(), p_to: to.toISOString() }),
      );
      return Object.fromEntries(list.map((r) => [r.preseller_id, r.meetings]));
    },
    async bookMeeting(meeting, outbox) {
      const rows = check<Parameters<typeof bookResult>[0][]>(await sb.rpc('book_meeting', { p_meeting: meetingRow(meeting), p_outbox: outbox }));
      return bookResult(rows[0]);
    },
    async claimOutbox(now, limit) {
      return check<OutboxRow[]>(
        await sb.rpc('claim_outbox', {
          p_now: now.toISOString(),
          p_limit: limit,
          p_lock_seconds: OUTBOX_LEASE_SECONDS,
          p_max_attempts: OUTBOX_MAX_ATTEMPTS,
        }),
      ).map((r) => ({ id: r.id, kind: r.kind, message: r.message, attempts: r.attempts }));
    },
    async markSent(id, now) {
      check(await sb.from('outbox').update({ sent_at: now.toISOString(), locked_until: null, last_error: null }).eq('id', id));
    },
    async markFailed(id, nextAttemptAt, error) {
      check(await sb.from('outbox').update({ next_attempt_at: nextAttemptAt.toISOString(), locked_until: null, last_error: error }).eq('id', id));
    },
    async exportPersonData(email) {
      return check<PersonData>(await sb.rpc('export_person_data', { p_email: email }));
    },
    async deletePersonData(email) {
      return check<PersonDeletion>(await sb.rpc('delete_person_data', { p_email: email }));
    },
    async close() {},
  };
}
