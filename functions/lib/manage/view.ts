// What the /reuniao page is told about a meeting, and whether it may still change.
import type { MeetingView } from '../../../src/domain/manage';
import { locationOf } from '../../../src/domain/meeting-location';
import type { ServerEnv } from '../env';
import type { MailMeeting } from '../mail/messages';
import { firstName } from '../../../src/domain/text';
import type { MeetingDetails, TokenMeeting } from '../store/port';

/** What the view reads of the app: its clock and settings (not App itself, which would import the drains). */
type ViewContext = { now: () => Date; env: Pick<ServerEnv, 'scheduling' | 'contactEmail'> };

/** Changes close with the booking notice (2 h before the start): a scheduled meeting before that may change. */
export function isOpen(meeting: Pick<MeetingDetails, 'status' | 'startsAt'>, app: ViewContext): boolean {
  return meeting.status === 'scheduled' && app.now().getTime() < meeting.startsAt.getTime() - app.env.scheduling.minLeadMinutes * 60_000;
}

export function meetingView(meeting: TokenMeeting, app: ViewContext): MeetingView {
  return {
    id: meeting.id,
    service: meeting.service,
    startsAt: meeting.startsAt.toISOString(),
    minutes: Math.round((meeting.endsAt.getTime() - meeting.startsAt.getTime()) / 60_000),
    status: meeting.status,
    consultantFirstName: firstName(meeting.preseller.name),
    consultantId: meeting.preseller.id,
    leadId: meeting.lead.id,
    // The room's URL reaches only holders of a manage link (this answer), never public availability.
    location: locationOf(meeting.preseller.roomUrl),
    actor: meeting.actor,
    // A consultant's link may cancel (not reschedule) within the same window; the page offers only that.
    canChange: isOpen(meeting, app),
    contactEmail: app.env.contactEmail,
  };
}

export function mailMeetingOf(m: MeetingDetails, overrides: Partial<MailMeeting> = {}): MailMeeting {
  return {
    id: m.id, startsAt: m.startsAt, minutes: Math.round((m.endsAt.getTime() - m.startsAt.getTime()) / 60_000),
    service: m.service, sequence: m.sequence, lead: m.lead, preseller: m.preseller, leadTimeZone: m.leadTimeZone, ...overrides,
  };
}
