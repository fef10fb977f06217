// pt-BR mails of "Enviar link para reagendar" (issue 32 item 3): the team asks the lead to choose a new
// time. A meeting still open to changes: the lead's manage link, where they reschedule it as they would
// from any of their mails. A meeting the lead (or the consultant) missed: a booking link that opens the
// calendar with the lead's data filled in (the follow-up's dialog), since the missed one stays in history.
import type { OutboxMessage } from '../store/port';
import { greetingName } from '../../../src/domain/text';
import { composeMail } from './layout';
import { describeMeeting } from './meeting-facts';
import { meetingMail } from './meeting-mail';
import type { MailMeeting, MailSettings } from './messages';

export const rebookCopy = {
  action: 'Escolher novo horário',
  openSubject: (service: string) => `Escolha um novo horário para sua reunião de ${service}`,
  openIntro: 'Nossa equipe pediu que você escolha um novo horário para esta reunião. Pelo botão abaixo você vê os horários livres e reagenda em poucos cliques:',
  openAfter: 'Até você escolher, a reunião continua marcada neste horário.',
  missedSubject: (service: string) => `Vamos remarcar sua reunião de ${service}?`,
  missedIntro: {
    lead: (when: string) => `Sentimos sua falta na reunião de ${when}. Se ainda tiver interesse, escolha um novo horário com um de nossos consultores.`,
    consultant: (when: string) => `Pedimos desculpas: a reunião de ${when} não aconteceu como combinado. Escolha um novo horário com um de nossos consultores.`,
  },
  validity: (days: number) => `O botão abre o calendário com seus dados já preenchidos e vale por ${days} dias.`,
  note: (replyTo: string) => `Dúvidas? Responda a este e-mail ou escreva para ${replyTo}.`,
} as const;

/** A meeting still open to changes: its facts and the lead's manage link (a new lead token). */
export function rescheduleLinkMail(input: MailSettings & { meeting: MailMeeting; link: string }): OutboxMessage {
  const { meeting } = input;
  const about = describeMeeting(meeting, input.scheduling);
  return {
    kind: 'rebook-link-lead',
    message: meetingMail({
      settings: input, meeting, audience: 'lead', to: meeting.lead.email,
      subject: rebookCopy.openSubject(about.serviceLabel),
      intro: [rebookCopy.openIntro], after: [rebookCopy.openAfter], links: [{ label: rebookCopy.action, url: input.link }],
    }),
  };
}

/** A missed meeting: who missed it decides the apology; the link books a new meeting for the same lead. */
export function missedRebookMail(input: MailSettings & { meeting: MailMeeting; link: string; missedBy: 'lead' | 'consultant'; ttlDays: number }): OutboxMessage {
  const { meeting } = input;
  const about = describeMeeting(meeting, input.scheduling);
  const name = greetingName(meeting.lead.nomeCompleto);
  return {
    kind: 'rebook-missed-lead',
    message: composeMail({ to: meeting.lead.email, subject: rebookCopy.missedSubject(about.serviceLabel), replyTo: input.replyTo }, {
      greeting: name ? `Olá, ${name}!` : 'Olá!',
      blocks: [
        { type: 'text', text: rebookCopy.missedIntro[input.missedBy](about.when) },
        { type: 'buttons', links: [{ label: rebookCopy.action, url: input.link }] },
        { type: 'text', text: rebookCopy.validity(input.ttlDays) },
      ],
      footer: { siteUrl: input.siteUrl, note: rebookCopy.note(input.replyTo) },
    }),
  };
}
