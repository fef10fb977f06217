// What every message and invite says about a meeting, in pt-BR: when (weekday, date, time, zone, and
// the lead's own clock when it reads differently), how it happens (video room or phone call), and who
// the lead is (contact data and the answers that qualify them). One home for these words.
import { labelOf, cargoOptions, faturamentoOptions, modeloNegocioOptions, numeroVendedoresOptions, segmentoOptions, serviceOptions, type Option } from '../../../src/domain/options';
import { locationCopy, locationOf } from '../../../src/domain/meeting-location';
import type { SchedulingConfig } from '../../../src/domain/scheduling/config';
import { brDate, brWeekday, zonedParts, zoneLongName } from '../../../src/domain/scheduling/time';
import { timeZoneOf } from '../../../src/domain/scheduling/zone';
import { maskCnpj } from '../../../src/domain/cnpj';
import { maskPhone } from '../../../src/domain/phone';
import type { LeadRecord, Preseller } from '../store/port';

/** A meeting as its facts need it (MailMeeting satisfies it). */
type Facts = { id: string; startsAt: Date; minutes: number; service: string; lead: LeadRecord; preseller: Preseller; leadTimeZone: string | null };
export type Audience = 'lead' | 'consultant';

/** 'quinta-feira, 26/11/2026 às 14:00' in the zone. */
function dateTimeIn(instant: Date, timeZone: string) {
  const local = zonedParts(instant, timeZone);
  return { ...local, text: `${brWeekday(local.date)}, ${brDate(local.date)} às ${local.time}` };
}

/**
 * The lead's own clock, or null when unknown or when it reads the same as the meeting's zone:
 * 'quinta-feira, 26/11/2026 às 17:00 (Horário Padrão da Europa Ocidental, Europe/Lisbon)'.
 */
export function leadLocalTime(meeting: Pick<Facts, 'startsAt' | 'leadTimeZone'>, scheduling: SchedulingConfig): string | null {
  const zone = timeZoneOf(meeting.leadTimeZone);
  if (!zone) return null;
  const home = dateTimeIn(meeting.startsAt, scheduling.timeZone);
  const local = dateTimeIn(meeting.startsAt, zone);
  if (local.text === home.text) return null;
  return `${local.text} (${zoneLongName(meeting.startsAt, zone)}, ${zone})`;
}

/** Date, time and service of a meeting in pt-BR, for subjects, bodies and invites. */
export function describeMeeting(meeting: Facts, scheduling: SchedulingConfig) {
  const home = dateTimeIn(meeting.startsAt, scheduling.timeZone);
  const date = brDate(home.date);
  return {
    date,
    time: home.time,
    serviceLabel: labelOf(serviceOptions, meeting.service),
    /** 'quinta-feira, 26/11/2026 às 14:00 (horário de Brasília)' */
    when: `${home.text} (${scheduling.timeZoneLabel})`,
    duration: `${meeting.minutes} minutos`,
    leadLocal: leadLocalTime(meeting, scheduling),
  };
}

/** The date block's lines for the recipient: the lead reads their own clock too. */
export function whenLines(meeting: Facts, scheduling: SchedulingConfig, audience: Audience): string[] {
  const about = describeMeeting(meeting, scheduling);
  const local = about.leadLocal ? [audience === 'lead' ? `No seu fuso: ${about.leadLocal}` : `No fuso do lead: ${about.leadLocal}`] : [];
  return [about.when, ...local, `Duração: ${about.duration}`];
}

/**
 * How the meeting happens, for the recipient. `invite` is the .ics LOCATION (always set): the room URL,
 * or who calls which number.
 */
export function meetingPlace(meeting: Facts, audience: Audience) {
  const location = locationOf(meeting.preseller.roomUrl);
  const phone = maskPhone(meeting.lead.telefone);
  if (location.kind === 'video') {
    return {
      label: locationCopy.video.label, detail: locationCopy.video.detail, url: location.url, join: locationCopy.video.join,
      invite: location.url,
    };
  }
  const detail = audience === 'lead'
    ? `${locationCopy.phone.detail} Telefone informado: ${phone}.`
    : `${locationCopy.phone.consultantDetail} Telefone: ${phone}.`;
  const invite = audience === 'lead'
    ? `${locationCopy.phone.label}: ${meeting.preseller.name} liga para o seu telefone, ${phone}`
    : `${locationCopy.phone.label}: ${meeting.preseller.name} liga para ${phone}`;
  return { label: locationCopy.phone.label, detail, url: null, join: null, invite };
}

const NOT_GIVEN = 'não informado';
const answer = (options: readonly Option[], value: string | undefined) => (value ? labelOf(options, value) : NOT_GIVEN);

/** The answers that qualify the lead, each with its pt-BR label (the form's own labels). */
export function qualifyingRows(lead: Pick<LeadRecord, 'cargo' | 'faturamento' | 'numeroVendedores' | 'segmento' | 'outroSegmento' | 'modeloNegocio'>): [string, string][] {
  const segment = lead.segmento === 'outro' && lead.outroSegmento?.trim()
    ? `Outro: ${lead.outroSegmento.trim()}`
    : answer(segmentoOptions, lead.segmento);
  return [
    ['Cargo', answer(cargoOptions, lead.cargo)],
    ['Faturamento mensal', answer(faturamentoOptions, lead.faturamento)],
    ['Número de vendedores', answer(numeroVendedoresOptions, lead.numeroVendedores)],
    ['Segmento', segment],
    ['Modelo de negócio', answer(modeloNegocioOptions, lead.modeloNegocio)],
  ];
}

/** Who the lead is, for the consultant (and the meeting id, which the LGPD erasure matches messages on). */
export function leadRows(meeting: Facts): [string, string][] {
  const { lead } = meeting;
  return [
    ['Lead', lead.nomeCompleto], ['Empresa', lead.nomeEmpresa], ['CNPJ', maskCnpj(lead.cnpj)], ['Email', lead.email],
    ['Telefone', maskPhone(lead.telefone)], ...qualifyingRows(lead), ['Código da reunião', meeting.id],
  ];
}

export const rowLines = (rows: (readonly [string, string])[]) => rows.map(([label, value]) => `${label}: ${value}`);
