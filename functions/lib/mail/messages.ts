// pt-BR email copy and the .ics invite. Built before the write so they join its transaction (outbox).
import { labelOf, cargoOptions, faturamentoOptions, modeloNegocioOptions, numeroVendedoresOptions, segmentoOptions, serviceOptions, type Service } from '../../../src/domain/options';
import type { SchedulingConfig } from '../../../src/domain/scheduling/config';
import type { ServerEnv } from '../env';
import { maskCnpj } from '../../../src/domain/cnpj';
import { maskPhone } from '../../../src/domain/phone';
import type { LeadRecord, NewLead, OutboxMessage, Preseller } from '../store/port';
import { brDate, zonedParts } from '../../../src/domain/scheduling/time';
import { calendarEvent, type CalendarMethod } from './ics';
import { firstName } from '../../../src/domain/text';

/** 'Name <a@b>' → 'a@b'. */
export function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

export function newLeadNotification(lead: NewLead, contactEmail: string): OutboxMessage {
  const lines = [
    'Um novo lead preencheu o formulário de orçamento do site.',
    '',
    `Nome: ${lead.nomeCompleto}`,
    `Cargo: ${labelOf(cargoOptions, lead.cargo)}`,
    `Email: ${lead.email}`,
    `Telefone: ${maskPhone(lead.telefone)}`,
    `Empresa: ${lead.nomeEmpresa}`,
    `CNPJ: ${maskCnpj(lead.cnpj)}`,
    `Faturamento mensal: ${labelOf(faturamentoOptions, lead.faturamento)}`,
    `Número de vendedores: ${labelOf(numeroVendedoresOptions, lead.numeroVendedores)}`,
    `Segmento: ${lead.outroSegmento ? `Outro: ${lead.outroSegmento}` : labelOf(segmentoOptions, lead.segmento)}`,
    `Modelo de negócio: ${labelOf(modeloNegocioOptions, lead.modeloNegocio)}`,
    `Origem: ${lead.origem}`,
    `Código do lead: ${lead.id}`,
  ];
  return { kind: 'lead-notification', message: { to: contactEmail, subject: `Novo lead pelo site: ${lead.nomeEmpresa}`, text: lines.join('\n') } };
}

/** A meeting as its mails describe it. */
export type MailMeeting = {
  id: string;
  startsAt: Date;
  minutes: number;
  service: Service;
  /** iCalendar SEQUENCE of this mail's invite (0 when booked, +1 per change). */
  sequence: number;
  lead: LeadRecord;
  preseller: Preseller;
  /** The lead's IANA zone (from the browser at booking); the lead's mails add the local time when it differs. */
  leadTimeZone: string | null;
};
/**
 * What every message needs besides its meeting: the sender (MAIL_FROM), where replies go (the contact
 * address), the one public origin for links (SITE_URL), and the scheduling rules (zone, slot length).
 */
export type MailSettings = { mailFrom: string; replyTo: string; siteUrl: string; scheduling: SchedulingConfig };
export const mailSettings = (env: Pick<ServerEnv, 'mailFrom' | 'contactEmail' | 'siteUrl' | 'scheduling'>): MailSettings => ({
  mailFrom: env.mailFrom, replyTo: env.contactEmail, siteUrl: env.siteUrl, scheduling: env.scheduling,
});

export type InviteInput = MailSettings & {
  meeting: MailMeeting;
  /** Manage links (SITE_URL/reuniao#t=…) of the lead and of the consultant. */
  links: { lead: string; consultant: string };
};

/** Date, time and service of a meeting in pt-BR, for subjects and bodies. */
export function describeMeeting(meeting: MailMeeting, scheduling: SchedulingConfig) {
  const local = zonedParts(meeting.startsAt, scheduling.timeZone);
  const date = brDate(local.date);
  const serviceLabel = labelOf(serviceOptions, meeting.service);
  const details = [
    `Data: ${date}`, `Horário: ${local.time} (${scheduling.timeZoneLabel})`, `Consultor: ${meeting.preseller.name}`,
    `Serviço: ${serviceLabel}`, `Duração: ${meeting.minutes} minutos`,
  ];
  return { date, time: local.time, serviceLabel, details };
}

/** What the consultant's mails say about the lead (and the meeting id, which the LGPD erasure matches on). */
export function leadLines(meeting: MailMeeting): string[] {
  const { lead } = meeting;
  return [
    `Lead: ${lead.nomeCompleto}`, `Empresa: ${lead.nomeEmpresa}`, `CNPJ: ${maskCnpj(lead.cnpj)}`, `Email: ${lead.email}`, `Telefone: ${maskPhone(lead.telefone)}`,
    `Código da reunião: ${meeting.id}`,
  ];
}

/** The meeting's .ics with both people as attendees. */
export function meetingIcs(meeting: MailMeeting, method: CalendarMethod, settings: MailSettings) {
  const { serviceLabel } = describeMeeting(meeting, settings.scheduling);
  const content = calendarEvent({
    meetingId: meeting.id,
    sequence: meeting.sequence,
    method,
    startsAt: meeting.startsAt,
    minutes: meeting.minutes,
    title: `Reunião de ${serviceLabel}`,
    description: `Reunião de ${serviceLabel} com ${meeting.preseller.name}.`,
    organizer: { name: 'Mentor Solar', email: addressOf(settings.mailFrom) },
    attendees: [{ name: meeting.lead.nomeCompleto, email: meeting.lead.email }, { name: meeting.preseller.name, email: meeting.preseller.email }],
  });
  return { method, filename: method === 'CANCEL' ? 'cancelamento.ics' : 'convite.ics', content };
}

export const manageLine = (link: string) => `Para reagendar ou cancelar: ${link}`;

/** The booking's invites: the same event (same UID) to the lead and the consultant, each with their own manage link. */
export function meetingInvites(input: InviteInput): OutboxMessage[] {
  const { meeting, links } = input;
  const { date, time, details } = describeMeeting(meeting, input.scheduling);
  const icalEvent = meetingIcs(meeting, 'REQUEST', input);
  const { serviceLabel } = describeMeeting(meeting, input.scheduling);
  return [
    {
      kind: 'meeting-lead',
      message: {
        to: meeting.lead.email,
        subject: `Reunião agendada: ${serviceLabel} em ${date} às ${time}`,
        text: [
          `Olá, ${firstName(meeting.lead.nomeCompleto)}!`, '', 'Sua reunião está agendada.', '', ...details, '',
          'O convite para sua agenda está anexo.', manageLine(links.lead), 'Até breve!',
        ].join('\n'),
        icalEvent,
      },
    },
    {
      kind: 'meeting-preseller',
      message: {
        to: meeting.preseller.email,
        subject: `Nova reunião: ${meeting.lead.nomeEmpresa} em ${date} às ${time}`,
        text: [
          `Olá, ${firstName(meeting.preseller.name)}!`, '', 'Uma nova reunião foi agendada pelo site.', '', ...details, '',
          ...leadLines(meeting), '', `Para cancelar: ${links.consultant}`,
        ].join('\n'),
        icalEvent,
      },
    },
  ];
}
