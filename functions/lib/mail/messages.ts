// pt-BR email copy and the .ics invite. Built before the write so they join its transaction (outbox).
// Every message is multipart (text + HTML from the same blocks, layout.ts) and says where replies go.
import { labelOf, serviceOptions } from '../../../src/domain/options';
import type { ServerEnv } from '../env';
import { maskCnpj } from '../../../src/domain/cnpj';
import { maskPhone } from '../../../src/domain/phone';
import type { NewLead, OutboxMessage } from '../store/port';
import { calendarEvent, type CalendarMethod } from './ics';
import { composeMail } from './layout';
import type { MailMeeting, MailSettings } from './meeting-types';
import { describeMeeting, leadRows, meetingPlace, qualifyingRows, rowLines, type Audience } from './meeting-facts';
import { consultantManageLabel, leadManageLabel, meetingMail } from './meeting-mail';
import { openInPainel, painelUrl } from '../../../src/domain/painel/address';

/**
 * The "Encaminhamento" line of the mentor's notice: the qualification rule the lead's answers matched
 * (content/roteamento.yaml), and for a no-meeting rule that the lead saw its message instead of the calendar.
 */
export function routingLine(routing: NonNullable<NewLead['routing']>): string {
  return routing.kind === 'none' ? `${routing.rule} — sem reunião (o lead viu a mensagem da regra)` : routing.rule;
}

/** The mentor's notice of a new lead, with "Abrir no painel" on the lead; replying writes to the lead. */
export function newLeadNotification(lead: NewLead, contactEmail: string, siteUrl: string): OutboxMessage {
  const open = { label: openInPainel, url: painelUrl(siteUrl, { kind: 'lead', id: lead.id }) };
  const rows: [string, string][] = [
    ['Nome', lead.nomeCompleto], ['Email', lead.email], ['Telefone', maskPhone(lead.telefone)], ['Empresa', lead.nomeEmpresa],
    ['CNPJ', maskCnpj(lead.cnpj)], ...(lead.service ? [['Serviço', labelOf(serviceOptions, lead.service)] as [string, string]] : []),
    ...qualifyingRows(lead), ...(lead.routing ? [['Encaminhamento', routingLine(lead.routing)] as [string, string]] : []),
    ['Origem', lead.origem], ['Código do lead', lead.id],
  ];
  const subject = `Novo lead pelo site: ${lead.nomeEmpresa}`;
  return {
    kind: 'lead-notification',
    // The facts travel on to the digest that may carry this notice (lead-digest.ts): the link with them.
    message: composeMail({ to: contactEmail, subject, replyTo: lead.email, facts: { title: `${lead.nomeCompleto} · ${lead.nomeEmpresa}`, rows: [...rows, [open.label, open.url]] } }, {
      greeting: 'Olá!',
      blocks: [{ type: 'text', text: 'Um novo lead preencheu o formulário de orçamento do site.' }, { type: 'rows', rows }, { type: 'buttons', links: [open] }],
      footer: { note: `Ao responder a este e-mail, você escreve para o lead (${lead.email}).` },
    }),
  };
}

export type { MailMeeting, MailSettings };
export const mailSettings = (env: Pick<ServerEnv, 'mailFrom' | 'contactEmail' | 'siteUrl' | 'scheduling'>): MailSettings => ({
  mailFrom: env.mailFrom, replyTo: env.contactEmail, siteUrl: env.siteUrl, scheduling: env.scheduling,
});

/** Manage links (SITE_URL/reuniao#t=…) minted for one message set: the lead's and the consultant's. */
export type MeetingLinks = { lead: string; consultant: string };

export type InviteInput = MailSettings & { meeting: MailMeeting; links: MeetingLinks };

/** Whose copy of the invite: its title and description are written for that reader. */
export type IcsView = { audience: Audience; link?: string | null };

function icsDescription(meeting: MailMeeting, settings: MailSettings, view: IcsView): string {
  const about = describeMeeting(meeting, settings.scheduling);
  const place = meetingPlace(meeting, view.audience);
  const lead = view.audience === 'lead';
  return [
    lead ? `Reunião de ${about.serviceLabel} com ${meeting.preseller.name} (${about.duration}).`
      : `Reunião de ${about.serviceLabel} com ${meeting.lead.nomeCompleto} (${meeting.lead.nomeEmpresa}), ${about.duration}.`,
    `Quando: ${about.when}`,
    ...(about.leadLocal ? [`${lead ? 'No seu fuso' : 'No fuso do lead'}: ${about.leadLocal}`] : []),
    `Como será: ${place.url ? `${place.label}: ${place.url}` : place.invite}`,
    place.detail,
    ...(lead ? [] : ['', ...rowLines(leadRows(meeting))]),
    ...(view.link ? ['', `${lead ? leadManageLabel : consultantManageLabel}: ${view.link}`] : []),
  ].join('\n');
}

/**
 * The meeting's .ics for one reader (default: the lead). ORGANIZER is the consultant, so answers reach
 * a person; LOCATION is always set (room URL or the phone call) and URL is the room. REQUEST and CANCEL
 * list both people; PUBLISH (the booking's file for the browser) lists nobody to answer.
 */
export function meetingIcs(meeting: MailMeeting, method: CalendarMethod, settings: MailSettings, view: IcsView = { audience: 'lead' }) {
  const { serviceLabel } = describeMeeting(meeting, settings.scheduling);
  const place = meetingPlace(meeting, view.audience);
  const consultant = { name: meeting.preseller.name, email: meeting.preseller.email };
  const content = calendarEvent({
    meetingId: meeting.id,
    sequence: meeting.sequence,
    method,
    startsAt: meeting.startsAt,
    minutes: meeting.minutes,
    title: view.audience === 'lead' ? `Reunião de ${serviceLabel} com ${meeting.preseller.name}`
      : `${serviceLabel}: ${meeting.lead.nomeCompleto} (${meeting.lead.nomeEmpresa})`,
    description: icsDescription(meeting, settings, view),
    location: place.invite,
    url: place.url,
    organizer: consultant,
    attendees: [{ name: meeting.lead.nomeCompleto, email: meeting.lead.email }, { ...consultant, organizer: true }],
  });
  return { method, filename: method === 'CANCEL' ? 'cancelamento.ics' : 'convite.ics', content };
}

/** The booking's invites: the same event (same UID) to the lead and the consultant, each with their own manage link. */
export function meetingInvites(input: InviteInput): OutboxMessage[] {
  const { meeting, links } = input;
  const { date, time, serviceLabel } = describeMeeting(meeting, input.scheduling);
  return [
    {
      kind: 'meeting-lead',
      message: meetingMail({
        settings: input, meeting, audience: 'lead', to: meeting.lead.email,
        subject: `Reunião agendada: ${serviceLabel} em ${date} às ${time}`,
        intro: ['Sua reunião está agendada.'],
        after: ['O convite para sua agenda está anexo. Até breve!'],
        links: [{ label: leadManageLabel, url: links.lead }],
        icalEvent: meetingIcs(meeting, 'REQUEST', input, { audience: 'lead', link: links.lead }),
      }),
    },
    {
      kind: 'meeting-preseller',
      message: meetingMail({
        settings: input, meeting, audience: 'consultant', to: meeting.preseller.email,
        subject: `Nova reunião: ${meeting.lead.nomeEmpresa} em ${date} às ${time}`,
        intro: ['Uma nova reunião foi agendada pelo site.'],
        links: [{ label: consultantManageLabel, url: links.consultant }],
        icalEvent: meetingIcs(meeting, 'REQUEST', input, { audience: 'consultant', link: links.consultant }),
      }),
    },
  ];
}
