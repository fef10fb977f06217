// pt-BR mails of a booking's life after it is made: moved, cancelled, link sent again, reminders.
// Every invite keeps the meeting's UID; its SEQUENCE is the one the change stores (see ics.ts). Every
// message about a meeting carries its reader's own manage link.
import type { Actor, OutboxMessage } from '../store/port';
import { describeMeeting } from './meeting-facts';
import { consultantManageLabel, leadManageLabel, meetingMail, viewLabel } from './meeting-mail';
import { meetingIcs, type MailMeeting, type MailSettings, type MeetingLinks } from './messages';

/**
 * A moved meeting: METHOD:REQUEST with the new SEQUENCE to the lead and the consultant, each with their
 * link. When the consultant changes, the new one gets the invite as a new meeting and the previous one
 * a METHOD:CANCEL of the same UID, so the event leaves their calendar.
 */
export function rescheduleMails(
  input: MailSettings & {
    before: MailMeeting; after: MailMeeting; links: MeetingLinks;
    /** Moved in the painel, not by the lead; `by`: who, when it was not the consultant themself. */
    team?: { by: string | null };
  },
): OutboxMessage[] {
  const { before, after, links, team } = input;
  const chose = !team ? 'O lead escolheu um novo horário:' : team.by ? `${team.by} escolheu o novo horário pelo painel:` : 'Você escolheu o novo horário pelo painel:';
  const now = describeMeeting(after, input.scheduling);
  const was = describeMeeting(before, input.scheduling);
  // The same time with another consultant (a day off or a deactivation left it): said as that, not as a move.
  const sameTime = before.startsAt.getTime() === after.startsAt.getTime();
  const moved = sameTime ? `A reunião de ${was.when} passou para outro consultor, no mesmo horário.` : `A reunião de ${was.when} foi reagendada.`;
  const leadInvite = meetingIcs(after, 'REQUEST', input, { audience: 'lead', link: links.lead });
  const consultantInvite = meetingIcs(after, 'REQUEST', input, { audience: 'consultant', link: links.consultant });
  const consultantLink = [{ label: consultantManageLabel, url: links.consultant }];
  const mails: OutboxMessage[] = [
    {
      kind: 'meeting-rescheduled-lead',
      message: meetingMail({
        settings: input, meeting: after, audience: 'lead', to: after.lead.email,
        subject: sameTime ? `Reunião com novo consultor: ${now.serviceLabel} em ${now.date} às ${now.time}` : `Reunião reagendada: ${now.serviceLabel} em ${now.date} às ${now.time}`,
        intro: [moved, sameTime ? 'Sua reunião:' : 'Novo horário:'], after: ['O convite atualizado para sua agenda está anexo.'],
        links: [{ label: leadManageLabel, url: links.lead }], icalEvent: leadInvite,
      }),
    },
  ];
  if (before.preseller.id === after.preseller.id) {
    mails.push({
      kind: 'meeting-rescheduled-preseller',
      message: meetingMail({
        settings: input, meeting: after, audience: 'consultant', to: after.preseller.email,
        subject: `Reunião reagendada: ${after.lead.nomeEmpresa} em ${now.date} às ${now.time}`,
        intro: [`${moved} ${chose}`], links: consultantLink, icalEvent: consultantInvite,
      }),
    });
    return mails;
  }
  mails.push(
    {
      kind: 'meeting-preseller',
      message: meetingMail({
        settings: input, meeting: after, audience: 'consultant', to: after.preseller.email,
        subject: `Nova reunião: ${after.lead.nomeEmpresa} em ${now.date} às ${now.time}`,
        intro: [`Uma reunião reagendada ${team ? 'pelo painel' : 'pelo lead'} foi atribuída a você.`], links: consultantLink, icalEvent: consultantInvite,
      }),
    },
    {
      kind: 'meeting-cancelled-preseller',
      message: {
        ...meetingMail({
          settings: input, meeting: before, audience: 'consultant', to: before.preseller.email, cancelled: true,
          subject: `Reunião removida da sua agenda: ${before.lead.nomeEmpresa} em ${was.date} às ${was.time}`,
          // Not theirs any more: the console would answer "Não encontrado.".
          intro: [sameTime ? `${moved} Ela saiu da sua agenda.` : `${moved} Ela passou para outro consultor e saiu da sua agenda.`], links: [], inPainel: false,
          // The CANCEL must carry the latest SEQUENCE, or calendars ignore it as older than what they hold.
          icalEvent: meetingIcs({ ...before, sequence: after.sequence }, 'CANCEL', input, { audience: 'consultant' }),
        }),
        // Nothing left to answer the lead about: replies go to the contact address.
        replyTo: input.replyTo,
      },
    },
  );
  return mails;
}

/**
 * A cancelled meeting: METHOD:CANCEL to both, each with their link (the page shows the cancelled
 * state); the lead also gets a link to book again.
 */
export function cancelMails(
  input: MailSettings & {
    meeting: MailMeeting; actor: Actor; reason: string | null; bookAgainUrl: string; links: MeetingLinks;
    /** Someone else cancelled the consultant's meeting from the painel (the mentor): their name, for the consultant's copy. */
    by?: string | null;
  },
): OutboxMessage[] {
  const { meeting, actor, reason, links } = input;
  const about = describeMeeting(meeting, input.scheduling);
  const leadIntro = actor === 'consultant'
    ? `O consultor precisou cancelar a sua reunião de ${about.when}. Pedimos desculpas.`
    : `Sua reunião de ${about.when} foi cancelada, como você pediu.`;
  return [
    {
      kind: 'meeting-cancelled-lead',
      message: meetingMail({
        settings: input, meeting, audience: 'lead', to: meeting.lead.email, cancelled: true,
        subject: `Reunião cancelada: ${about.serviceLabel} em ${about.date} às ${about.time}`,
        intro: [leadIntro, 'A reunião cancelada:'],
        after: [actor === 'consultant' ? 'Para agendar um novo horário, use o botão abaixo.' : 'Se quiser, agende outro horário quando for melhor para você.'],
        links: [{ label: 'Agendar novo horário', url: input.bookAgainUrl }, { label: viewLabel, url: links.lead }],
        icalEvent: meetingIcs(meeting, 'CANCEL', input, { audience: 'lead' }),
      }),
    },
    {
      kind: 'meeting-cancelled-preseller',
      message: meetingMail({
        settings: input, meeting, audience: 'consultant', to: meeting.preseller.email, cancelled: true,
        subject: `Reunião cancelada: ${meeting.lead.nomeEmpresa} em ${about.date} às ${about.time}`,
        intro: [input.by ? `${input.by} cancelou esta reunião pelo painel; o lead foi avisado por email.`
          : actor === 'consultant' ? 'Você cancelou esta reunião; o lead foi avisado por email.' : 'O lead cancelou esta reunião.',
          ...(reason ? [`Motivo: ${reason}`] : [])],
        links: [{ label: viewLabel, url: links.consultant }],
        icalEvent: meetingIcs(meeting, 'CANCEL', input, { audience: 'consultant' }),
      }),
    },
  ];
}

/** The manage link again, for a lead who tried to book while holding an upcoming meeting. */
export function manageLinkMail(input: MailSettings & { meeting: MailMeeting; link: string }): OutboxMessage {
  const { meeting } = input;
  const about = describeMeeting(meeting, input.scheduling);
  return {
    kind: 'manage-link-lead',
    message: meetingMail({
      settings: input, meeting, audience: 'lead', to: meeting.lead.email,
      subject: `Sua reunião agendada: ${about.serviceLabel} em ${about.date} às ${about.time}`,
      intro: ['Você já tem esta reunião agendada:'], links: [{ label: leadManageLabel, url: input.link }],
    }),
  };
}

/** A reminder to the lead, `inWords` before the start (timeLeftInWords: '24 horas', '40 minutos'), with the manage link. */
export function reminderMail(input: MailSettings & { meeting: MailMeeting; kind: string; inWords: string; link: string }): OutboxMessage {
  const { meeting } = input;
  const about = describeMeeting(meeting, input.scheduling);
  return {
    kind: `reminder-${input.kind}-lead`,
    message: meetingMail({
      settings: input, meeting, audience: 'lead', to: meeting.lead.email,
      subject: `Lembrete: reunião de ${about.serviceLabel} em ${about.date} às ${about.time}`,
      intro: [`Sua reunião começa em ${input.inWords}.`], after: ['Até breve!'], links: [{ label: leadManageLabel, url: input.link }],
    }),
  };
}

/**
 * The time left as the reminder says it, measured when it is written, so a late run never claims
 * "24 horas": from 50 minutes up, whole hours ("1 hora", "5 horas", "24 horas"); below, minutes.
 */
export function timeLeftInWords(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 50) return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? '1 hora' : `${hours} horas`;
}
