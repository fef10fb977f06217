// pt-BR email copy and the .ics invite. Built before the write so they join its transaction (outbox).
import { createEvent } from 'ics';
import { labelOf, cargoOptions, faturamentoOptions, modeloNegocioOptions, numeroVendedoresOptions, segmentoOptions, serviceOptions, type Service } from '../../../src/domain/options';
import type { SchedulingConfig } from '../../../src/domain/scheduling-config';
import { maskCnpj } from '../../../src/domain/cnpj';
import { maskPhone } from '../../../src/domain/phone';
import type { LeadRecord, NewLead, OutboxMessage, Preseller } from '../store/port';
import { brDate, zonedParts } from '../time';

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

export type InviteInput = {
  meetingId: string;
  startsAt: Date;
  minutes: number;
  service: Service;
  lead: LeadRecord;
  preseller: Preseller;
  mailFrom: string;
  scheduling: SchedulingConfig;
};

/** The same invite (same UID) goes to the lead and the consultant, each with their own copy. */
export function meetingInvites(input: InviteInput): OutboxMessage[] {
  const { meetingId, startsAt, minutes, service, lead, preseller, scheduling } = input;
  const local = zonedParts(startsAt, scheduling.timeZone);
  const date = brDate(local.date);
  const time = `${local.time} (${scheduling.timeZoneLabel})`;
  const serviceLabel = labelOf(serviceOptions, service);
  const details = [`Data: ${date}`, `Horário: ${time}`, `Consultor: ${preseller.name}`, `Serviço: ${serviceLabel}`, `Duração: ${minutes} minutos`];
  const ics = inviteIcs(input, serviceLabel);
  const icalEvent = { method: 'REQUEST', filename: 'convite.ics', content: ics };
  const leadFirst = lead.nome.trim().split(/\s+/)[0];
  return [
    {
      kind: 'meeting-lead',
      message: {
        to: lead.email,
        subject: `Reunião agendada: ${serviceLabel} em ${date} às ${local.time}`,
        text: [`Olá, ${leadFirst}!`, '', 'Sua reunião está agendada.', '', ...details, '', 'O convite para sua agenda está anexo.', 'Até breve!'].join('\n'),
        icalEvent,
      },
    },
    {
      kind: 'meeting-preseller',
      message: {
        to: preseller.email,
        subject: `Nova reunião: ${lead.empresa} em ${date} às ${local.time}`,
        text: [
          `Olá, ${preseller.name.trim().split(/\s+/)[0]}!`, '', 'Uma nova reunião foi agendada pelo site.', '', ...details, '',
          `Lead: ${lead.nome}`, `Empresa: ${lead.empresa}`, `CNPJ: ${maskCnpj(lead.cnpj)}`, `Email: ${lead.email}`, `Telefone: ${maskPhone(lead.telefone)}`,
          `Código da reunião: ${meetingId}`,
        ].join('\n'),
        icalEvent,
      },
    },
  ];
}

function inviteIcs({ meetingId, startsAt, minutes, lead, preseller, mailFrom }: InviteInput, serviceLabel: string): string {
  const { error, value } = createEvent({
    uid: `${meetingId}@mentor-solar`,
    method: 'REQUEST',
    productId: 'mentor-solar/agendamento',
    start: startsAt.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes },
    title: `Reunião de ${serviceLabel}`,
    description: `Reunião de ${serviceLabel} com ${preseller.name}.`,
    status: 'CONFIRMED',
    organizer: { name: 'Mentor Solar', email: addressOf(mailFrom) },
    attendees: [
      { name: lead.nome, email: lead.email, rsvp: true, role: 'REQ-PARTICIPANT', partstat: 'NEEDS-ACTION' },
      { name: preseller.name, email: preseller.email, rsvp: true, role: 'REQ-PARTICIPANT', partstat: 'NEEDS-ACTION' },
    ],
  });
  if (error || !value) throw Object.assign(new Error('ics failed'), { code: 'ics_failed' });
  return value;
}
