// The consultant's notice that an upcoming meeting is off because its lead asked for their data to be
// erased (LGPD): the CANCEL invite (same UID, next SEQUENCE) takes it out of their calendar. It names no
// lead (their data is being erased) and ties to no lead or meeting, so the erasure does not take it.
import { labelOf, serviceOptions } from '../../../src/domain/options';
import type { SchedulingConfig } from '../../../src/domain/scheduling/config';
import { brDate, brWeekday, zonedParts } from '../../../src/domain/scheduling/time';
import type { MailContent } from '../store/port';
import { calendarEvent } from './ics';
import { composeMail } from './layout';

export type ErasedMeeting = {
  id: string; startsAt: Date; endsAt: Date; sequence: number; service: string; preseller: { name: string; email: string };
};

export function erasureCancelMail(meeting: ErasedMeeting, settings: { siteUrl: string; replyTo: string; scheduling: SchedulingConfig }): MailContent {
  const local = zonedParts(meeting.startsAt, settings.scheduling.timeZone);
  const date = brDate(local.date);
  const service = labelOf(serviceOptions, meeting.service);
  const consultant = { name: meeting.preseller.name, email: meeting.preseller.email };
  const content = calendarEvent({
    meetingId: meeting.id,
    // The CANCEL must carry a SEQUENCE above the last invite's, or calendars ignore it.
    sequence: meeting.sequence + 1,
    method: 'CANCEL',
    startsAt: meeting.startsAt,
    minutes: Math.max(1, Math.round((meeting.endsAt.getTime() - meeting.startsAt.getTime()) / 60_000)),
    title: `${service}: reunião cancelada`,
    description: 'Reunião cancelada: o lead pediu a exclusão dos seus dados (LGPD).',
    location: 'Reunião cancelada',
    organizer: consultant,
    attendees: [{ ...consultant, organizer: true }],
  });
  return {
    ...composeMail({ to: meeting.preseller.email, subject: `Reunião cancelada: ${service} em ${date} às ${local.time}`, replyTo: settings.replyTo }, {
      greeting: `Olá, ${meeting.preseller.name.split(' ')[0]}!`,
      blocks: [
        { type: 'text', text: `A reunião de ${service} de ${brWeekday(local.date)}, ${date} às ${local.time} (${settings.scheduling.timeZoneLabel}) foi cancelada.` },
        { type: 'text', text: 'O lead pediu a exclusão dos seus dados (LGPD): por isso este aviso não traz o nome nem o contato dele. O horário está livre de novo.' },
      ],
      footer: { siteUrl: settings.siteUrl, note: 'Você recebeu este aviso por ser o consultor desta reunião.' },
    }),
    icalEvent: { method: 'CANCEL', filename: 'cancelamento.ics', content },
  };
}
