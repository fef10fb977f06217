// pt-BR mails of a booking's life after it is made: moved, cancelled, link sent again, reminders.
// Every invite keeps the meeting's UID; its SEQUENCE is the one the change stores (see ics.ts).
import type { Actor, OutboxMessage } from '../store/port';
import {
  describeMeeting, leadLines, manageLine, meetingIcs, type MailMeeting, type MailSettings,
} from './messages';
import { firstName } from '../../../src/domain/text';

const lines = (...parts: string[]) => parts.join('\n');

/**
 * A moved meeting: METHOD:REQUEST with the new SEQUENCE to the lead and the consultant. When the
 * consultant changes, the new one gets the invite with their own manage link and the previous one a
 * METHOD:CANCEL of the same UID, so the event leaves their calendar.
 */
export function rescheduleMails(
  input: MailSettings & { before: MailMeeting; after: MailMeeting; newConsultantLink: string | null },
): OutboxMessage[] {
  const { before, after } = input;
  const now = describeMeeting(after, input.scheduling);
  const was = describeMeeting(before, input.scheduling);
  const invite = meetingIcs(after, 'REQUEST', input);
  const moved = `A reunião de ${was.date} às ${was.time} foi reagendada.`;
  const mails: OutboxMessage[] = [
    {
      kind: 'meeting-rescheduled-lead',
      message: {
        to: after.lead.email,
        subject: `Reunião reagendada: ${now.serviceLabel} em ${now.date} às ${now.time}`,
        text: lines(`Olá, ${firstName(after.lead.nomeCompleto)}!`, '', moved, '', ...now.details, '', 'O convite atualizado para sua agenda está anexo.'),
        icalEvent: invite,
      },
    },
  ];
  if (input.newConsultantLink === null) {
    mails.push({
      kind: 'meeting-rescheduled-preseller',
      message: {
        to: after.preseller.email,
        subject: `Reunião reagendada: ${after.lead.nomeEmpresa} em ${now.date} às ${now.time}`,
        text: lines(`Olá, ${firstName(after.preseller.name)}!`, '', moved, '', ...now.details, '', ...leadLines(after)),
        icalEvent: invite,
      },
    });
    return mails;
  }
  mails.push(
    {
      kind: 'meeting-preseller',
      message: {
        to: after.preseller.email,
        subject: `Nova reunião: ${after.lead.nomeEmpresa} em ${now.date} às ${now.time}`,
        text: lines(
          `Olá, ${firstName(after.preseller.name)}!`, '', 'Uma reunião reagendada pelo lead foi atribuída a você.', '', ...now.details, '',
          ...leadLines(after), '', `Para cancelar: ${input.newConsultantLink}`,
        ),
        icalEvent: invite,
      },
    },
    {
      kind: 'meeting-cancelled-preseller',
      message: {
        to: before.preseller.email,
        subject: `Reunião removida da sua agenda: ${before.lead.nomeEmpresa} em ${was.date} às ${was.time}`,
        text: lines(
          `Olá, ${firstName(before.preseller.name)}!`, '', `${moved} Ela passou para outro consultor e saiu da sua agenda.`, '',
          ...was.details, '', ...leadLines(before),
        ),
        // The CANCEL must carry the latest SEQUENCE, or calendars ignore it as older than what they hold.
        icalEvent: meetingIcs({ ...before, sequence: after.sequence }, 'CANCEL', input),
      },
    },
  );
  return mails;
}

/** A cancelled meeting: METHOD:CANCEL to both; the lead gets a link to book again. */
export function cancelMails(
  input: MailSettings & { meeting: MailMeeting; actor: Actor; reason: string | null; bookAgainUrl: string },
): OutboxMessage[] {
  const { meeting, actor, reason } = input;
  const about = describeMeeting(meeting, input.scheduling);
  const icalEvent = meetingIcs(meeting, 'CANCEL', input);
  const leadText = actor === 'consultant'
    ? [`O consultor precisou cancelar a sua reunião de ${about.date} às ${about.time}. Pedimos desculpas.`, '', ...about.details, '',
      `Para agendar um novo horário: ${input.bookAgainUrl}`]
    : [`Sua reunião de ${about.date} às ${about.time} foi cancelada, como você pediu.`, '', ...about.details, '',
      `Se quiser agendar outro horário: ${input.bookAgainUrl}`];
  return [
    {
      kind: 'meeting-cancelled-lead',
      message: {
        to: meeting.lead.email,
        subject: `Reunião cancelada: ${about.serviceLabel} em ${about.date} às ${about.time}`,
        text: lines(`Olá, ${firstName(meeting.lead.nomeCompleto)}!`, '', ...leadText),
        icalEvent,
      },
    },
    {
      kind: 'meeting-cancelled-preseller',
      message: {
        to: meeting.preseller.email,
        subject: `Reunião cancelada: ${meeting.lead.nomeEmpresa} em ${about.date} às ${about.time}`,
        text: lines(
          `Olá, ${firstName(meeting.preseller.name)}!`, '',
          actor === 'consultant' ? 'Você cancelou esta reunião; o lead foi avisado por email.' : 'O lead cancelou esta reunião.',
          ...(reason ? [`Motivo: ${reason}`] : []), '', ...about.details, '', ...leadLines(meeting),
        ),
        icalEvent,
      },
    },
  ];
}

/** The manage link again, for a lead who tried to book while holding an upcoming meeting. */
export function manageLinkMail(input: MailSettings & { meeting: MailMeeting; link: string }): OutboxMessage {
  const { meeting } = input;
  const about = describeMeeting(meeting, input.scheduling);
  return {
    kind: 'manage-link-lead',
    message: {
      to: meeting.lead.email,
      subject: `Sua reunião agendada: ${about.serviceLabel} em ${about.date} às ${about.time}`,
      text: lines(`Olá, ${firstName(meeting.lead.nomeCompleto)}!`, '', 'Você já tem esta reunião agendada:', '', ...about.details, '', manageLine(input.link)),
    },
  };
}

/** A reminder to the lead, `inWords` before the start ('24 horas', '1 hora'), with the manage link. */
export function reminderMail(input: MailSettings & { meeting: MailMeeting; kind: string; inWords: string; link: string }): OutboxMessage {
  const { meeting } = input;
  const about = describeMeeting(meeting, input.scheduling);
  return {
    kind: `reminder-${input.kind}-lead`,
    message: {
      to: meeting.lead.email,
      subject: `Lembrete: reunião de ${about.serviceLabel} em ${about.date} às ${about.time}`,
      text: lines(`Olá, ${firstName(meeting.lead.nomeCompleto)}!`, '', `Sua reunião começa em ${input.inWords}.`, '', ...about.details, '', manageLine(input.link), 'Até breve!'),
    },
  };
}
