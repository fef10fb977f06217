// pt-BR mail of "Preencheu mas não agendou": one message to a consulting or paid-traffic lead still without
// a meeting 15 minutes after the form, with the personal link that reopens the scheduling dialog
// (functions/lib/followup/queue.ts queues it). Text and HTML from the same blocks (layout.ts).
import { labelOf, serviceOptions, type Service } from '../../../src/domain/options';
import { greetingName } from '../../../src/domain/text';
import type { MailContent } from '../store/port';
import { composeMail } from './layout';

export const followupCopy = {
  subject: 'Falta só escolher o horário da sua reunião',
  intro: (service: string) => `Recebemos seu pedido de orçamento de ${service}. Falta só um passo: escolher o horário da sua reunião com um de nossos consultores.`,
  action: 'Escolher meu horário',
  validity: (days: number) => `O botão abre o calendário com seus dados já preenchidos e vale por ${days} dias. Depois disso, basta preencher o formulário de novo no site.`,
  ignore: 'Se você já agendou ou não quer mais a reunião, pode ignorar este e-mail: não enviaremos outro.',
  note: (replyTo: string) => `Dúvidas? Responda a este e-mail ou escreva para ${replyTo}.`,
} as const;

/** The message, without its recipient's address (the database writes the lead's own, as typed). */
export function followupMail(input: { name: string; service: Service; link: string; ttlDays: number; siteUrl: string; replyTo: string }): Omit<MailContent, 'to'> {
  const mail = composeMail({ to: '', subject: followupCopy.subject, replyTo: input.replyTo }, {
    // To an address nobody verified: the name only when it is plainly a first name (greetingName).
    greeting: greetingName(input.name) ? `Olá, ${greetingName(input.name)}!` : 'Olá!',
    blocks: [
      { type: 'text', text: followupCopy.intro(labelOf(serviceOptions, input.service)) },
      { type: 'buttons', links: [{ label: followupCopy.action, url: input.link }] },
      { type: 'text', text: followupCopy.validity(input.ttlDays) },
      { type: 'text', text: followupCopy.ignore },
    ],
    footer: { siteUrl: input.siteUrl, note: followupCopy.note(input.replyTo) },
  });
  const { to: _to, ...rest } = mail;
  return rest;
}
