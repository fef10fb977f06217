// Shared by the booking-lifecycle tests: book through the real handlers, find the manage tokens in
// the queued mail (the only place raw tokens exist), call POST /api/manage.
import ical, { type VEvent } from 'node-ical';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createManageHandler } from '../../functions/lib/handlers/manage';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import type { MailContent } from '../../functions/lib/store/port';
import { asDelivered, key, postJson, validRequest, type TestApp } from './helpers';

export function lifecycle(app: () => TestApp) {
  const leads = createLeadsHandler(async () => app());
  const meetings = createMeetingsHandler(async () => app());
  const manage = createManageHandler(async () => app());

  async function newLead(email: string): Promise<string> {
    const res = await leads(postJson('/api/leads', { ...validRequest, email, idempotencyKey: key() }));
    if (res.status !== 201) throw new Error(`lead ${res.status}`);
    return (await res.json()).id;
  }

  const book = (body: Record<string, unknown>) =>
    meetings(postJson('/api/meetings', { service: 'consultoria', diagnosticScore: 75, idempotencyKey: key(), ...body }));

  /** Books and returns the meeting id with the lead's and the consultant's tokens from the queued mail. */
  async function bookWithTokens(email: string, scheduledDate: string, scheduledTime: string, presellerId?: string) {
    const res = await book({ leadId: await newLead(email), scheduledDate, scheduledTime, presellerId });
    if (res.status !== 201) throw new Error(`booking ${res.status} ${JSON.stringify(await res.json())}`);
    const { meeting } = await res.json();
    const mail = await mailsFor(meeting.id);
    return {
      id: meeting.id as string,
      startsAt: meeting.startsAt as string,
      lead: tokenIn(mail.find((m) => m.kind === 'meeting-lead')!.message),
      consultant: tokenIn(mail.find((m) => m.kind === 'meeting-preseller')!.message),
    };
  }

  /** Outbox messages about a meeting as delivered: to its lead, or quoting its id (the consultant's), oldest first. */
  async function mailsFor(meetingId: string): Promise<{ kind: string; message: MailContent }[]> {
    const { rows } = await app().store.db.query<{ id: string; kind: string; message: MailContent; secrets: string[] | null }>(
      `select o.id, o.kind, o.message, o.secrets from outbox o
       where o.message->>'to' = (select l.email from meetings m join leads l on l.id = m.lead_id where m.id = $1::uuid)
          or position($1::text in o.message->>'text') > 0
       order by o.created_at, o.kind`,
      [meetingId],
    );
    return rows.map(asDelivered);
  }

  const call = (body: Record<string, unknown>) => manage(postJson('/api/manage', body));
  return { leads, meetings, manage, newLead, book, bookWithTokens, mailsFor, call };
}

export function tokenIn(message: MailContent): string {
  const found = /\/reuniao#t=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(message.text);
  if (!found) throw new Error('no manage link in the message');
  return found[1];
}

/** The single VEVENT of a message's invite, with the calendar's METHOD. */
export function inviteOf(message: MailContent): { method: string; event: VEvent; raw: string } {
  const raw = message.icalEvent!.content;
  const parsed = ical.sync.parseICS(raw);
  const events = Object.values(parsed).filter((e) => e?.type === 'VEVENT') as VEvent[];
  if (events.length !== 1) throw new Error(`expected one VEVENT, got ${events.length}`);
  return { method: /^METHOD:(.+)$/m.exec(raw)![1].trim(), event: events[0], raw };
}
