// The team's own mails from issue 33: a new consultant's welcome (the painel's address and what will
// arrive), and the notice that a consultant's calendar stopped being read (to the mentor and the consultant,
// at most once a day: calendar_stale_alert decides). Words from calendar-copy.ts and here only.
import { calendarCopy } from '../../../src/domain/scheduling/calendar-copy';
import type { MailContent } from '../store/port';
import { composeMail } from './layout';

export const welcomeCopy = {
  subject: 'Bem-vindo à equipe da Mentor Solar',
  greeting: (name: string) => `Olá, ${name}!`,
  intro: 'Você foi cadastrado como consultor da Mentor Solar: a partir de agora, leads do site podem agendar reuniões com você.',
  what: [
    'Um e-mail com o convite de cada reunião marcada com você (com o lead, o horário e o link para a sala ou o telefone);',
    'Lembretes antes das reuniões e um resumo pela manhã das que ainda não têm desfecho;',
    'Um e-mail com um código de acesso sempre que você entrar no painel (não há senha).',
  ],
  painel: 'No painel você vê suas reuniões e leads e, em “Minha agenda”, ajusta seus horários, folgas, sua agenda e sua sala.',
  button: 'Abrir o painel',
  note: 'Você recebeu este e-mail porque foi cadastrado na equipe da Mentor Solar.',
} as const;

export function welcomeMail(input: { name: string; to: string; siteUrl: string }): MailContent {
  return composeMail({ to: input.to, subject: welcomeCopy.subject }, {
    greeting: welcomeCopy.greeting(input.name),
    blocks: [
      { type: 'text', text: welcomeCopy.intro },
      { type: 'rows', title: 'O que vai chegar', rows: welcomeCopy.what.map((w, i) => [`${i + 1}.`, w] as const) },
      { type: 'text', text: welcomeCopy.painel },
      { type: 'buttons', links: [{ label: welcomeCopy.button, url: `${input.siteUrl}/painel` }] },
    ],
    footer: { siteUrl: input.siteUrl, note: welcomeCopy.note },
  });
}

/** since, problem, when: already in words ("desde 26/11 às 14:00", "a agenda não respondeu", "27/11 às 14:00"). */
export function calendarAlertMail(input: { to: string; name: string; since: string; problem: string; when: string; siteUrl: string }): MailContent {
  return composeMail({ to: input.to, subject: calendarCopy.alertSubject(input.name) }, {
    greeting: 'Olá!',
    blocks: [
      { type: 'text', text: calendarCopy.alertWhat(input.name, input.since, input.problem) },
      { type: 'text', text: calendarCopy.alertEffect(input.when) },
      { type: 'text', text: calendarCopy.alertFix },
      { type: 'buttons', links: [{ label: 'Abrir o painel', url: `${input.siteUrl}/painel` }] },
    ],
    footer: { siteUrl: input.siteUrl, note: calendarCopy.alertNote },
  });
}
