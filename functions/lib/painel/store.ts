// The painel's reads and writes, typed, over Store.call (one SQL function each, in
// supabase/migrations/20261126000100_painel_functions.sql). Instants go as ISO strings: the functions read
// them with the application's clock, like every booking write.
import type { IntegrationHealth } from '../../../src/domain/painel/integration-status';
import type {
  ActivityRow, Attendance, LeadRow, LeadView, MeetingCounts, MeetingDateField, MeetingOutcomeFilter, MeetingRow, MeetingTab, MeetingView, Role,
} from '../../../src/domain/painel/api';
import type { Service } from '../../../src/domain/options';
import { OUTBOX_MAX_ATTEMPTS, type Store } from '../store/port';
import type { SealedContent } from '../mail/secrets';
import type { DealStage, DealSummary } from '../../../src/domain/painel/deals';
import { dealCalls } from './deals-store';
import { spendCalls } from './spend-store';

/** Who is asking: a mentor sees everything; a consultant (preseller) only their own meetings and leads. */
export type Viewer = { role: Role; email: string; name: string | null; preseller: string | null };

/** A lead of the CSV with its person's deals in one line (none: null). */
export type LeadExportRow = LeadRow & { deals: DealSummary | null };

/**
 * One row of painel_leads with export (20261201140000_painel_leads_export.sql): the person as a positional
 * array, in the order its json_build_array writes it (keys per row were most of the database's time).
 */
type LeadExportTuple = [
  id: string, createdAt: string, name: string, email: string, company: string, cnpj: string, phone: string,
  segmento: string, faturamento: string, vendedores: string, modelo: string, cargo: string, service: LeadRow['service'],
  rule: string | null, routingKind: string | null,
  // lastTouch `true`: the same as the first (painel_leads sends it once).
  firstTouch: LeadRow['firstTouch'], lastTouch: LeadRow['lastTouch'] | true, marketingOptIn: boolean, marketingOptInAt: string | null,
  identity: string,
];

/** Each person's deals in one line, by identity (painel_export_deals): read once for a whole CSV. */
export type ExportDeals = Map<string, DealSummary>;
type ExportDealTuple = [identity: string, deals: number, open: number, openCents: number, wonCents: number, latestStage: DealStage, latestWonAt: string | null];

/** A person's figures as the list shows them, by identity (painel_leads with figures): read once for a whole CSV. */
type LeadFigures = Pick<LeadRow, 'submissions' | 'meetings' | 'consultant' | 'nextMeeting' | 'outcome'>;
export type ExportFigures = Map<string, LeadFigures>;
type FiguresTuple = [identity: string, submissions: number, meetings: number, consultant: string | null, nextMeeting: string | null,
  attendance: Attendance | null, qualified: boolean | null];
/** The figures of a person painel_leads leaves out of them: one submission, no meeting. */
const loneSubmission: LeadFigures = { submissions: 1, meetings: 0, consultant: null, nextMeeting: null, outcome: null };

/** What a CSV's pages read once for all of them (exportReads), put on each row by the person's identity. */
export type ExportReads = { deals: ExportDeals; figures: ExportFigures };

function leadExportRow(t: LeadExportTuple, { deals, figures }: ExportReads): LeadExportRow {
  const [id, createdAt, name, email, company, cnpj, phone, segmento, faturamento, vendedores, modelo, cargo, service, rule, routingKind,
    firstTouch, lastTouch, marketingOptIn, marketingOptInAt, identity] = t;
  const { submissions, meetings, consultant, nextMeeting, outcome } = figures.get(identity) ?? loneSubmission;
  return {
    id, createdAt, name, email, company, cnpj, phone, segmento, faturamento, vendedores, modelo, cargo, service, rule, routingKind,
    submissions, meetings, consultant, nextMeeting, outcome,
    firstTouch, lastTouch: lastTouch === true ? firstTouch : lastTouch, marketingOptIn, marketingOptInAt,
    deals: deals.get(identity) ?? null,
  };
}

/** A keyset position: the last row's sort time and id. */
export type After = { t: string; id: string };

export type MeetingFilter = {
  tab: MeetingTab; consultant?: string; service?: Service; from?: Date; to?: Date;
  /** The latest outcome; `dateField`: which date from/to bound (the meeting's when absent). */
  outcome?: MeetingOutcomeFilter; dateField?: MeetingDateField;
};
export type LeadFilter = {
  q?: string; qAlnum?: string; qNational?: string; rule?: string; segmento?: string; faturamento?: string; vendedores?: string; modelo?: string;
  service?: Service; withMeeting?: boolean; from?: Date; to?: Date;
  /** "Com falha ou pausadas": an RD Station / webhook delivery not sent that failed or is paused. */
  deliveryIssue?: boolean;
};

/** A lead's own cancellation or move (painel_lead_changes). */
export type LeadChange = {
  kind: 'cancelled' | 'rescheduled'; at: string; meetingId: string; from: string | null; to: string | null; startsAt: string;
  lead: { name: string; company: string }; consultant: string;
};

const iso = (d: Date | undefined) => d?.toISOString() ?? null;
const scope = (viewer: Viewer) => (viewer.role === 'consultor' ? viewer.preseller : null);

const meetingParams = (viewer: Viewer, filter: MeetingFilter, now: Date) => ({
  tab: filter.tab, preseller: scope(viewer), consultant: filter.consultant ?? null, service: filter.service ?? null,
  outcome: filter.outcome ?? null, date_field: filter.dateField ?? null, from: iso(filter.from), to: iso(filter.to), now: now.toISOString(),
});

/** A meeting as the CSV has it (painel_meetings with export). */
export type MeetingExportRow = MeetingRow & { bookedAt: string; contact: { email: string; phone: string; cnpj: string; campaign: string | null } };

/** One row of painel_meetings with export: the meeting as a positional array, in its jsonb_build_array's order. */
type MeetingExportTuple = [
  id: string, startsAt: string, endsAt: string, status: MeetingRow['status'], service: MeetingRow['service'], leadId: string, leadName: string,
  company: string, consultantId: string, consultantName: string, attendance: Attendance | null, qualified: boolean | null, note: string | null,
  recordedBy: string | null, recordedAt: string | null, bookedAt: string, email: string, phone: string, cnpj: string, campaign: string | null,
];

function meetingExportRow(t: MeetingExportTuple): MeetingExportRow {
  const [id, startsAt, endsAt, status, service, leadId, leadName, company, consultantId, consultantName, attendance, qualified, note,
    recordedBy, recordedAt, bookedAt, email, phone, cnpj, campaign] = t;
  return {
    id, startsAt, endsAt, status, service, lead: { id: leadId, name: leadName, company }, consultant: { id: consultantId, name: consultantName },
    outcome: attendance ? { attendance, qualified, note, recordedBy: recordedBy!, recordedAt: recordedAt! } : null,
    bookedAt, contact: { email, phone, cnpj, campaign },
  };
}

function leadArgs(viewer: Viewer, filter: LeadFilter) {
  return {
    q: filter.q ?? null, q_alnum: filter.qAlnum ?? null, q_national: filter.qNational ?? null, rule: filter.rule ?? null,
    segmento: filter.segmento ?? null, faturamento: filter.faturamento ?? null,
    vendedores: filter.vendedores ?? null, modelo: filter.modelo ?? null, service: filter.service ?? null,
    with_meeting: filter.withMeeting === undefined ? null : String(filter.withMeeting),
    from: iso(filter.from), to: iso(filter.to), preseller: scope(viewer),
    // A delivery counts as failed once the drain has given up, as on the lead's page.
    delivery_issue: filter.deliveryIssue ? 'true' : null, max_attempts: OUTBOX_MAX_ATTEMPTS,
  };
}

export function painelStore(store: Store) {
  /** Every person's deals in one line, for a CSV's pages (leadsForExport). */
  const exportDeals = async (): Promise<ExportDeals> => {
    const rows = await store.call<ExportDealTuple[]>('painel_export_deals', {});
    return new Map(rows.map(([identity, deals, open, openCents, wonCents, latestStage, latestWonAt]) =>
      [identity, { deals, open, openCents, wonCents, latestStage, latestWonAt }]));
  };
  /** The figures of every person the filter gives who has more than one submission or a meeting (painel_leads). */
  const exportFigures = async (viewer: Viewer, filter: LeadFilter, now: Date): Promise<ExportFigures> => {
    const rows = await store.call<FiguresTuple[]>('painel_leads', { ...leadArgs(viewer, filter), now: now.toISOString(), figures: true });
    return new Map(rows.map(([identity, submissions, meetings, consultant, nextMeeting, attendance, qualified]) =>
      [identity, { submissions, meetings, consultant, nextMeeting, outcome: attendance ? { attendance, qualified } : null }]));
  };
  /** What the leads CSV's pages share, read before the first (the deals: every person's, cut by the rows). */
  const exportReads = async (viewer: Viewer, filter: LeadFilter, now: Date): Promise<ExportReads> =>
    ({ deals: await exportDeals(), figures: await exportFigures(viewer, filter, now) });
  return {
    ...dealCalls(store),
    ...spendCalls(store),
    meetings(viewer: Viewer, filter: MeetingFilter, now: Date, limit: number, after?: After | null): Promise<MeetingRow[]> {
      return store.call('painel_meetings', { ...meetingParams(viewer, filter, now), limit, after: after ?? null });
    },
    /** The CSV's rows: each with its booking time and the lead's contact and first-touch campaign. */
    async meetingsForExport(viewer: Viewer, filter: MeetingFilter, now: Date, limit: number, after?: After | null): Promise<MeetingExportRow[]> {
      const rows = await store.call<MeetingExportTuple[]>('painel_meetings', { ...meetingParams(viewer, filter, now), limit, after: after ?? null, export: true });
      return rows.map(meetingExportRow);
    },
    meetingCounts(viewer: Viewer, filter: MeetingFilter, now: Date): Promise<MeetingCounts> {
      return store.call('painel_meeting_counts', meetingParams(viewer, filter, now));
    },
    meeting(viewer: Viewer, id: string, now: Date): Promise<MeetingView | null> {
      return store.call('painel_meeting', { id, preseller: scope(viewer), now: now.toISOString() });
    },
    recordOutcome(viewer: Viewer, id: string, outcome: { attendance: Attendance; qualified: boolean | null; note: string | null }, now: Date, ipHash: string) {
      return store.call<{ status: 'ok' | 'missing' | 'cancelled' | 'not_started' }>('painel_record_outcome', {
        id, preseller: scope(viewer), actor: viewer.email, ...outcome, now: now.toISOString(), ip_hash: ipHash,
      });
    },
    /**
     * One page of persons (20261130000000_painel_person_leads.sql): the newest submission of each. `now`
     * (the application's clock) decides which meeting is the next; the database's clock when left out.
     */
    leads(viewer: Viewer, filter: LeadFilter, limit: number, after?: After | null, now?: Date): Promise<LeadRow[]> {
      return store.call('painel_leads', { ...leadArgs(viewer, filter), now: now?.toISOString() ?? null, limit, after: after ?? null });
    },
    exportReads,
    /**
     * A page of the leads CSV: as `leads`, thousands at a time, each person with their deals (in the viewer's
     * scope); `reads`: exportReads() for the same viewer, filter and time, read once for every page (here when absent).
     */
    async leadsForExport(viewer: Viewer, filter: LeadFilter, limit: number, after: After | null, now: Date, reads?: ExportReads): Promise<LeadExportRow[]> {
      const rows = await store.call<LeadExportTuple[]>('painel_leads', { ...leadArgs(viewer, filter), now: now.toISOString(), limit, after, export: true });
      const once = reads ?? (await exportReads(viewer, filter, now));
      return rows.map((t) => leadExportRow(t, once));
    },
    /** How many persons the filters give (the list's real total). */
    leadsTotal(viewer: Viewer, filter: LeadFilter): Promise<number> {
      return store.call('painel_leads', { ...leadArgs(viewer, filter), count: true });
    },
    /** The routing rules leads were stored with, most used first (the "Encaminhamento" filter's choices). */
    leadRules(): Promise<string[]> {
      return store.call('painel_lead_rules', {});
    },
    /** The lead's page; its deliveries count as failed once the drain has given up (OUTBOX_MAX_ATTEMPTS). */
    async lead(viewer: Viewer, id: string): Promise<LeadView | null> {
      const view = await store.call<LeadView | null>('painel_lead', { id, preseller: scope(viewer), max_attempts: OUTBOX_MAX_ATTEMPTS });
      const open = view?.deliveries.filter((d) => d.status !== 'sent') ?? [];
      if (!view || open.length === 0) return view;
      // A delivery still to go shows its target's state beside it (integration-status.ts), the card's words.
      const health = await store.call<IntegrationHealth[]>('integration_health', { max_attempts: OUTBOX_MAX_ATTEMPTS });
      return { ...view, integrationHealth: health.filter((h) => open.some((d) => d.target === h.target)) };
    },
    /** "Reenviar" an RD Station or webhook delivery: due again with fresh attempts, its target's pause lifted. */
    resendDelivery(id: string, now: Date) {
      return store.call<{ status: 'ok' | 'missing' | 'sent'; target?: string }>('integration_resend', { id, now: now.toISOString() });
    },
    leadEmail(id: string): Promise<string | null> {
      return store.call('painel_lead_email', { id });
    },
    consultants(viewer: Viewer): Promise<{ id: string; name: string; active: boolean }[]> {
      return store.call('painel_consultants', { preseller: scope(viewer) });
    },
    activity(limit: number, after?: { id: string } | null): Promise<ActivityRow[]> {
      return store.call('painel_activity_list', { limit, after: after ?? null });
    },
    /** The painel's actions on a meeting (its activity rows of these actions), oldest first, with the person's name. */
    meetingActions(id: string, actions: string[]): Promise<{ at: string; action: string; who: string }[]> {
      return store.call('painel_meeting_actions', { meeting: id, actions });
    },
    log(entry: { actor: string | null; action: string; subject?: string | null; ipHash?: string | null }, now: Date): Promise<void> {
      return store.call('painel_log', { now: now.toISOString(), actor: entry.actor, action: entry.action, subject: entry.subject ?? null, ip_hash: entry.ipHash ?? null });
    },
    /** Dead codes, ended sessions and day-old limit records go. */
    purge(now: Date, idleSeconds: number): Promise<{ codes: number; sessions: number }> {
      return store.call('painel_purge', { now: now.toISOString(), idle_seconds: idleSeconds });
    },
    pendingOutcomes(now: Date, limit: number): Promise<MeetingRow[]> {
      return store.call('painel_pending_outcomes', { now: now.toISOString(), limit });
    },
    /** The cancellations and moves leads made themselves in (since, now], oldest first. */
    leadChanges(since: Date, now: Date): Promise<LeadChange[]> {
      return store.call('painel_lead_changes', { since: since.toISOString(), now: now.toISOString() });
    },
    queueDailyMail(day: string, message: SealedContent & { meetingIds: string[] }, now: Date): Promise<boolean> {
      return store.call('painel_queue_daily_mail', { day, message, now: now.toISOString() });
    },
    requestCode(args: {
      email: string; emailHash: string; ipHash: string; codeHash: string; message: SealedContent; mentors: string[];
      ttlSeconds: number; perAddressAndIp: number; perAddress: number; perIp: number; resendSeconds: number; knownDays: number; now: Date;
    }) {
      // 'recent': a code mailed moments ago is still live; nothing new is sent (the answer is the same).
      return store.call<{ status: 'sent' | 'denied' | 'recent' } | { status: 'limited'; retry_at: string }>('painel_request_code', {
        email: args.email, email_hash: args.emailHash, ip_hash: args.ipHash, code_hash: args.codeHash, message: args.message,
        mentors: args.mentors, ttl_seconds: args.ttlSeconds, per_address_ip: args.perAddressAndIp, per_address: args.perAddress,
        per_ip: args.perIp, resend_seconds: args.resendSeconds, known_days: args.knownDays, now: args.now.toISOString(),
      });
    },
    signIn(args: {
      email: string; codeHash: string; sessionHash: string; ipHash: string; mentors: string[]; maxAttempts: number;
      maxWrongTotal: number; ttlSeconds: number; ipFailures: number; absoluteSeconds: number; now: Date;
    }) {
      return store.call<
        ({ status: 'ok' } & { role: Role; email: string; name: string | null; preseller: string | null }) | { status: 'bad' } | { status: 'limited'; retry_at: string }
      >('painel_sign_in', {
        email: args.email, code_hash: args.codeHash, session_hash: args.sessionHash, ip_hash: args.ipHash, mentors: args.mentors,
        max_attempts: args.maxAttempts, max_wrong_total: args.maxWrongTotal, ttl_seconds: args.ttlSeconds, ip_failures: args.ipFailures,
        absolute_seconds: args.absoluteSeconds, now: args.now.toISOString(),
      });
    },
    session(sessionHash: string, mentors: string[], idleSeconds: number, now: Date): Promise<Viewer | null> {
      return store.call('painel_session', { session_hash: sessionHash, mentors, idle_seconds: idleSeconds, now: now.toISOString() });
    },
    signOut(sessionHash: string, all: boolean, ipHash: string, now: Date): Promise<void> {
      return store.call('painel_sign_out', { session_hash: sessionHash, all, ip_hash: ipHash, now: now.toISOString() });
    },
  };
}
export type PainelStore = ReturnType<typeof painelStore>;
