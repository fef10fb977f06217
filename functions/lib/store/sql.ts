// The SQL adapter: every query of the Store port, written once, over any SqlClient (PGlite or postgres.js).
// Atomic writes are SQL functions (supabase/migrations), so both drivers run the very same booking or lead.
import type { WorkingHours } from '../../../src/domain/scheduling/hours';
import type { BusyKind } from '../../../src/domain/scheduling/slots';
import type { SqlClient } from './client';
import { sealOutbox } from '../mail/secrets';
import { assertJsonFunction } from './json-functions';
import type { ConversionEvent, ConversionSummary, MeasurementSettings } from '../../../src/domain/conversions';
import {
  LEAD_RECORD_COLUMNS, leadFromRow, OUTBOX_LEASE_SECONDS, OUTBOX_MAX_ATTEMPTS,
  type Agenda, type CalendarFeed, type CancelStatus, type ConsultantResult, type KeyedMeeting, type LeadRecordRow,
  type OutboxRow, type PersonData, type PersonDeletion, type RescheduleStatus, type Store,
} from './port';
import {
  blockRows, bookResult, cancelRow, changeRow, consultantArgs, detailsOf, dueOf, kindRows, leadResult, leadRow, meetingRow,
  PRESELLER_COLUMNS, presellerFromRow, reminderRow, tokenMeetingOf, type DetailsRow,
} from './rows';

/**
 * How consultants are ordered where they are listed: Brazilian Portuguese ("Álvaro" beside "Ana"). Here,
 * server-side, not in src/domain/text.ts: that module is in the quote island's bundle, and a collator built
 * at import would be built on every visitor's phone.
 */
const byName = new Intl.Collator('pt-BR');

export function sqlStore<C extends SqlClient>(kind: 'pglite' | 'postgres', client: C): Store & { sql: C } {
  // Values go as they are (Date, objects for jsonb): both drivers serialise by the parameter type the
  // server describes, and the casts in the SQL make those types explicit for either.
  const rows = <T>(sql: string, params: unknown[] = []) => client.query<T>(sql, params);
  return {
    kind,
    sql: client,
    async ping() {
      await rows('select 1');
    },
    async createLead(lead, outbox) {
      const [row] = await rows<Parameters<typeof leadResult>[0]>('select * from create_lead($1::jsonb, $2::jsonb)', [leadRow(lead), sealOutbox(outbox, { leadId: lead.id })]);
      return leadResult(row);
    },
    async getLead(id) {
      const [row] = await rows<LeadRecordRow>(`select ${LEAD_RECORD_COLUMNS} from leads where id = $1::uuid`, [id]);
      return row ? leadFromRow(row) : null;
    },
    async listActivePresellers() {
      // Sorted here, not by `order by name`: sorting by the database's collation cost PGlite ~0.7 ms per
      // call (1.16 against 0.48 ms for 6 rows), paid up to three times per availability request.
      const list = await rows<Parameters<typeof presellerFromRow>[0]>(`select ${PRESELLER_COLUMNS} from presellers where active`);
      return list.map(presellerFromRow).sort((a, b) => byName.compare(a.name, b.name));
    },
    async listBusy(from, to) {
      // One JSON row instead of a row per interval: with calendar feeds there are hundreds, and building
      // row objects in the driver cost ~4× more than parsing one JSON text (PGlite, 300 intervals).
      const [row] = await rows<{ busy: string }>(
        `select coalesce(json_agg(json_build_array(preseller_id, starts_at, ends_at, kind)), '[]')::text as busy
         from list_busy($1::timestamptz, $2::timestamptz)`,
        [from, to],
      );
      return (JSON.parse(row.busy) as [string, string, string, BusyKind][]).map(([presellerId, s, e, kind]) => ({ presellerId, startsAt: new Date(s), endsAt: new Date(e), kind }));
    },
    async listWorkingHours() {
      return rows<WorkingHours>(
        'select preseller_id as "presellerId", weekday, starts_at as start, ends_at as "end" from list_working_hours()',
      );
    },
    async dueCalendarFeeds(staleBefore) {
      return rows<CalendarFeed>('select preseller_id as "presellerId", url from calendar_feeds_due($1::timestamptz)', [staleBefore]);
    },
    async saveCalendarBlocks(feed, blocks, at) {
      await rows('select save_calendar_blocks($1::uuid, $2::text, $3::jsonb, $4::timestamptz)', [feed.presellerId, feed.url, blockRows(blocks), at]);
    },
    async recordCalendarFailure(feed, code, at) {
      await rows('select record_calendar_failure($1::uuid, $2::text, $3::text, $4::timestamptz)', [feed.presellerId, feed.url, code, at]);
    },
    async staleCalendarFeeds(before) {
      const found = await rows<{ presellerId: string; since: string | Date }>('select preseller_id as "presellerId", since from stale_calendar_feeds($1::timestamptz)', [before]);
      return found.map((r) => ({ presellerId: r.presellerId, since: new Date(r.since) }));
    },
    async calendarStaleAlert(presellerId, unreadBefore, now, mails) {
      const [row] = await rows<{ queued: boolean }>('select calendar_stale_alert($1::uuid, $2::timestamptz, $3::timestamptz, $4::jsonb) as queued', [presellerId, unreadBefore, now, mails]);
      return row?.queued === true;
    },
    async agenda(tokenHash) {
      const [row] = await rows<{ data: Agenda | null }>('select agenda_meetings($1::text) as data', [tokenHash]);
      return row?.data ?? null;
    },
    async consultants(command) {
      const [row] = await rows<{ data: ConsultantResult }>('select consultant_admin($1::text, $2::jsonb) as data', consultantArgs(command));
      return row.data;
    },
    async findMeetingByKey(key) {
      const [row] = await rows<KeyedMeeting>(
        'select id, preseller_id as "presellerId", starts_at as "startsAt", request_fingerprint as fingerprint from meetings where idempotency_key = $1',
        [key],
      );
      return row ?? null;
    },
    async previousPresellerId(email) {
      const [row] = await rows<{ id: string | null }>('select previous_preseller($1) as id', [email]);
      return row?.id ?? null;
    },
    async bookMeeting(meeting, outbox) {
      const [row] = await rows<Parameters<typeof bookResult>[0]>('select * from book_meeting($1::jsonb, $2::jsonb)', [meetingRow(meeting), sealOutbox(outbox, { meetingId: meeting.id, leadId: meeting.leadId })]);
      return bookResult(row);
    },
    async meetingByToken(hash) {
      const [row] = await rows<DetailsRow>('select * from meeting_by_token($1)', [hash]);
      return row ? tokenMeetingOf(row) : null;
    },
    async meetingDetails(id) {
      const [row] = await rows<DetailsRow>('select * from meeting_details($1::uuid)', [id]);
      return row ? detailsOf(row) : null;
    },
    async rescheduleMeeting(change, outbox) {
      const [row] = await rows<{ out_status: RescheduleStatus; out_sequence: number | null }>(
        'select * from reschedule_meeting($1::jsonb, $2::jsonb)', [changeRow(change), sealOutbox(outbox, { meetingId: change.meetingId })]);
      return { status: row.out_status, sequence: row.out_sequence };
    },
    async cancelMeeting(cancel, outbox) {
      const [row] = await rows<{ out_status: CancelStatus; out_sequence: number | null }>(
        'select * from cancel_meeting($1::jsonb, $2::jsonb)', [cancelRow(cancel), sealOutbox(outbox, { meetingId: cancel.meetingId })]);
      return { status: row.out_status, sequence: row.out_sequence };
    },
    async upcomingMeetingOfLead(leadId, now) {
      const [row] = await rows<{ id: string | null }>('select upcoming_meeting_of_lead($1::uuid, $2::timestamptz) as id', [leadId, now]);
      return row?.id ?? null;
    },
    async resendManageLink(meetingId, tokens, now, throttleSeconds, outbox) {
      const [row] = await rows<{ sent: boolean }>(
        'select resend_manage_link($1::uuid, $2::jsonb, $3::timestamptz, $4::int, $5::jsonb) as sent',
        [meetingId, tokens, now, throttleSeconds, sealOutbox(outbox, { meetingId })]);
      return row.sent;
    },
    async dueReminders(now, kinds, limit) {
      const list = await rows<{ kind: string; meeting_id: string; starts_at: Date }>(
        'select kind, meeting_id, starts_at from due_reminders($1::timestamptz, $2::jsonb, $3::int)', [now, kindRows(kinds), limit]);
      return list.map(dueOf);
    },
    async queueReminder(reminder, outbox) {
      const [row] = await rows<{ queued: boolean }>('select queue_reminder($1::jsonb, $2::jsonb) as queued', [reminderRow(reminder), sealOutbox(outbox, { meetingId: reminder.meetingId })]);
      return row.queued;
    },
    async claimOutbox(now, limit) {
      return rows<OutboxRow>(
        'select id, kind, message, attempts, dropped from claim_outbox($1::timestamptz, $2::int, $3::int, $4::int)',
        [now, limit, OUTBOX_LEASE_SECONDS, OUTBOX_MAX_ATTEMPTS],
      );
    },
    async markSent(id, now) {
      await rows('update outbox set sent_at = $2::timestamptz, locked_until = null, last_error = null where id = $1::uuid', [id, now]);
    },
    async digestHeldNotices(now, everySeconds, subject) {
      const [row] = await rows<{ queued: number }>('select digest_held_notices($1::timestamptz, $2::int, $3::jsonb) as queued', [now, everySeconds, { subject }]);
      return Number(row.queued);
    },
    async markFailed(id, nextAttemptAt, error) {
      await rows('update outbox set next_attempt_at = $2::timestamptz, locked_until = null, last_error = $3 where id = $1::uuid', [id, nextAttemptAt, error]);
    },
    async releaseOutbox(ids) {
      if (ids.length === 0) return;
      // The ids as one JSON text: no array parameter, which postgres.js types with a query of its own.
      await rows(
        'update outbox set locked_until = null, attempts = greatest(attempts - 1, 0) where id in (select value::uuid from jsonb_array_elements_text($1::text::jsonb)) and sent_at is null',
        [JSON.stringify(ids)],
      );
    },
    async exportPersonData(email, team = []) {
      const [row] = await rows<{ data: PersonData }>('select export_person_data($1, $2::jsonb) as data', [email, team]);
      return row.data;
    },
    async deletePersonData(email, team = []) {
      const [row] = await rows<{ data: PersonDeletion }>('select delete_person_data($1, $2::jsonb) as data', [email, team]);
      return row.data;
    },
    async measurementSettings() {
      const [row] = await rows<{ data: MeasurementSettings }>('select measurement_settings_get() as data');
      return row.data;
    },
    async conversionEvents(leadId) {
      const [row] = await rows<{ data: ConversionEvent[] }>('select conversion_events($1::uuid) as data', [leadId]);
      return row.data.map((e) => ({ ...e, attempts: Number(e.attempts) }));
    },
    async conversionSummary(now) {
      const [row] = await rows<{ data: ConversionSummary[] }>('select conversion_summary($1::timestamptz) as data', [now.toISOString()]);
      // count(*) inside jsonb may come back as text from PostgreSQL: numbers for the screen.
      const counts = (c: Record<string, unknown>) => Object.fromEntries(Object.entries(c).map(([k, v]) => [k, Number(v)])) as ConversionSummary['today'];
      return row.data.map((s) => ({ ...s, today: counts(s.today), last7Days: counts(s.last7Days) }));
    },
    async call(fn, p) {
      assertJsonFunction(fn);
      const [row] = await rows<{ data: never }>(`select public.${fn}($1::jsonb) as data`, [p]);
      return row?.data ?? (null as never);
    },
    async close() {
      await client.close();
    },
  };
}
