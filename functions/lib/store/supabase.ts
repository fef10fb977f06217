// Supabase adapter (production): service-role client; atomic writes go through the same SQL
// functions as the embedded adapter (supabase/migrations/*_procedures.sql).
import { sealOutbox } from '../mail/secrets';
import { assertJsonFunction } from './json-functions';
import type { BusyKind } from '../../../src/domain/scheduling/slots';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { StoreUnavailableError } from './errors';
import {
  LEAD_RECORD_COLUMNS, leadFromRow, OUTBOX_LEASE_SECONDS, OUTBOX_MAX_ATTEMPTS,
  type Agenda, type CancelStatus, type ConsultantResult, type LeadRecordRow, type OutboxRow, type PersonData,
  type PersonDeletion, type RescheduleStatus, type Store,
} from './port';
import {
  blockRows, bookResult, cancelRow, changeRow, consultantArgs, detailsOf, dueOf, kindRows, leadResult, leadRow, meetingRow,
  PRESELLER_COLUMNS, presellerFromRow, reminderRow, tokenMeetingOf, type DetailsRow,
} from './rows';

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
      const [row] = check<Parameters<typeof leadResult>[0][]>(await sb.rpc('create_lead', { p_lead: leadRow(lead), p_outbox: sealOutbox(outbox, { leadId: lead.id }) }));
      return leadResult(row);
    },
    async getLead(id) {
      const row = check<LeadRecordRow | null>(await sb.from('leads').select(LEAD_RECORD_COLUMNS).eq('id', id).maybeSingle());
      return row ? leadFromRow(row) : null;
    },
    async listActivePresellers() {
      return check<Parameters<typeof presellerFromRow>[0][]>(
        await sb.from('presellers').select(PRESELLER_COLUMNS).eq('active', true).order('name'),
      ).map(presellerFromRow);
    },
    async listBusy(from, to) {
      const list = check<{ preseller_id: string; starts_at: string; ends_at: string; kind: BusyKind }[]>(
        await sb.rpc('list_busy', { p_from: from.toISOString(), p_to: to.toISOString() }),
      );
      return list.map((r) => ({ presellerId: r.preseller_id, startsAt: new Date(r.starts_at), endsAt: new Date(r.ends_at), kind: r.kind }));
    },
    async listWorkingHours() {
      const list = check<{ preseller_id: string; weekday: number; starts_at: string; ends_at: string }[]>(await sb.rpc('list_working_hours'));
      return list.map((r) => ({ presellerId: r.preseller_id, weekday: r.weekday, start: r.starts_at, end: r.ends_at }));
    },
    async dueCalendarFeeds(staleBefore) {
      const list = check<{ preseller_id: string; url: string }[]>(await sb.rpc('calendar_feeds_due', { p_stale_before: staleBefore.toISOString() }));
      return list.map((r) => ({ presellerId: r.preseller_id, url: r.url }));
    },
    async saveCalendarBlocks(feed, blocks, at) {
      check(await sb.rpc('save_calendar_blocks', { p_preseller_id: feed.presellerId, p_url: feed.url, p_blocks: blockRows(blocks), p_at: at.toISOString() }));
    },
    async recordCalendarFailure(feed, code, at) {
      check(await sb.rpc('record_calendar_failure', { p_preseller_id: feed.presellerId, p_url: feed.url, p_code: code, p_at: at.toISOString() }));
    },
    async agenda(tokenHash) {
      return check<Agenda | null>(await sb.rpc('agenda_meetings', { p_token_hash: tokenHash })) ?? null;
    },
    async consultants(command) {
      const [action, args] = consultantArgs(command);
      return check<ConsultantResult>(await sb.rpc('consultant_admin', { p_action: action, p: args }));
    },
    async findMeetingByKey(key) {
      const row = check<{ id: string; preseller_id: string; starts_at: string; request_fingerprint: string | null } | null>(
        await sb.from('meetings').select('id, preseller_id, starts_at, request_fingerprint').eq('idempotency_key', key).maybeSingle(),
      );
      return row ? { id: row.id, presellerId: row.preseller_id, startsAt: new Date(row.starts_at), fingerprint: row.request_fingerprint } : null;
    },
    async previousPresellerId(email) {
      return check<string | null>(await sb.rpc('previous_preseller', { p_email: email })) ?? null;
    },
    async bookMeeting(meeting, outbox) {
      const rows = check<Parameters<typeof bookResult>[0][]>(await sb.rpc('book_meeting', { p_meeting: meetingRow(meeting), p_outbox: sealOutbox(outbox, { meetingId: meeting.id, leadId: meeting.leadId }) }));
      return bookResult(rows[0]);
    },
    async meetingByToken(hash) {
      const [row] = check<DetailsRow[]>(await sb.rpc('meeting_by_token', { p_token_hash: hash }));
      return row ? tokenMeetingOf(row) : null;
    },
    async meetingDetails(id) {
      const [row] = check<DetailsRow[]>(await sb.rpc('meeting_details', { p_meeting_id: id }));
      return row ? detailsOf(row) : null;
    },
    async rescheduleMeeting(change, outbox) {
      const [row] = check<{ out_status: RescheduleStatus; out_sequence: number | null }[]>(
        await sb.rpc('reschedule_meeting', { p_change: changeRow(change), p_outbox: sealOutbox(outbox, { meetingId: change.meetingId }) }));
      return { status: row.out_status, sequence: row.out_sequence };
    },
    async cancelMeeting(cancel, outbox) {
      const [row] = check<{ out_status: CancelStatus; out_sequence: number | null }[]>(
        await sb.rpc('cancel_meeting', { p_cancel: cancelRow(cancel), p_outbox: sealOutbox(outbox, { meetingId: cancel.meetingId }) }));
      return { status: row.out_status, sequence: row.out_sequence };
    },
    async upcomingMeetingOfLead(leadId, now) {
      return check<string | null>(await sb.rpc('upcoming_meeting_of_lead', { p_lead_id: leadId, p_now: now.toISOString() })) ?? null;
    },
    async resendManageLink(meetingId, tokens, now, throttleSeconds, outbox) {
      return check<boolean>(await sb.rpc('resend_manage_link', {
        p_meeting_id: meetingId, p_tokens: tokens, p_now: now.toISOString(), p_throttle_seconds: throttleSeconds, p_outbox: sealOutbox(outbox, { meetingId }),
      }));
    },
    async dueReminders(now, kinds, limit) {
      const list = check<{ kind: string; meeting_id: string; starts_at: string }[]>(
        await sb.rpc('due_reminders', { p_now: now.toISOString(), p_kinds: kindRows(kinds), p_limit: limit }));
      return list.map(dueOf);
    },
    async queueReminder(reminder, outbox) {
      return check<boolean>(await sb.rpc('queue_reminder', { p_reminder: reminderRow(reminder), p_outbox: sealOutbox(outbox, { meetingId: reminder.meetingId }) }));
    },
    async claimOutbox(now, limit) {
      return check<OutboxRow[]>(
        await sb.rpc('claim_outbox', {
          p_now: now.toISOString(),
          p_limit: limit,
          p_lock_seconds: OUTBOX_LEASE_SECONDS,
          p_max_attempts: OUTBOX_MAX_ATTEMPTS,
        }),
      ).map((r) => ({ id: r.id, kind: r.kind, message: r.message, attempts: r.attempts, dropped: r.dropped }));
    },
    async markSent(id, now) {
      check(await sb.from('outbox').update({ sent_at: now.toISOString(), locked_until: null, last_error: null }).eq('id', id));
    },
    async digestHeldNotices(now, everySeconds, subject) {
      return Number(check<number>(await sb.rpc('digest_held_notices', { p_now: now.toISOString(), p_every_seconds: everySeconds, p_digest: { subject } })));
    },
    async markFailed(id, nextAttemptAt, error) {
      check(await sb.from('outbox').update({ next_attempt_at: nextAttemptAt.toISOString(), locked_until: null, last_error: error }).eq('id', id));
    },
    async exportPersonData(email, team = []) {
      return check<PersonData>(await sb.rpc('export_person_data', { p_email: email, p_team: team }));
    },
    async deletePersonData(email, team = []) {
      return check<PersonDeletion>(await sb.rpc('delete_person_data', { p_email: email, p_team: team }));
    },
    async call(fn, p) {
      assertJsonFunction(fn);
      return check(await sb.rpc(fn, { p }));
    },
    async close() {},
  };
}
