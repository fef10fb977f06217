// "Exportar dados" as a person reads it (#32 item 7): the same export as the JSON (export_person_data),
// in pt-BR, with labels for every field, option values as their labels and every time in Brasília.
// The JSON stays the complete, machine-readable copy; this is the one to hand to the person.
import {
  cargoOptions, faturamentoOptions, labelOf, modeloNegocioOptions, numeroVendedoresOptions, segmentoOptions, serviceOptions, type Option,
} from '../../../src/domain/options';
import { maskCnpj } from '../../../src/domain/cnpj';
import { maskPhone } from '../../../src/domain/phone';
import { attendanceLabels } from '../../../src/domain/painel/copy';
import { dealChangeLine, dealStageLabels, formatDealValue, lostReasonLabels, type DealStage, type DealValue, type LostReason } from '../../../src/domain/painel/deals';
import { schedulingConfig } from '../../../src/domain/scheduling/config';
import { wallClock } from '../../../src/lib/meeting-time';
import type { PersonData } from '../store/port';

/** 'dd/MM/yyyy às HH:mm' in Brasília, or '—'. */
function when(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '—';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return '—';
  const clock = wallClock(instant);
  return `${clock.date} às ${clock.time}`;
}

const yesNo = (v: unknown) => (v === true ? 'sim' : v === false ? 'não' : '—');
const plain = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return yesNo(v) === '—' ? String(v) : yesNo(v);
  // Attribution (first and last touch): its keys as they came (utm_source…), one per line.
  if (typeof v === 'object') return Object.entries(v as Record<string, unknown>).map(([k, x]) => `${k}=${plain(x)}`).join('; ') || '—';
  return String(v);
};
const option = (options: readonly Option[]) => (v: unknown) => (typeof v === 'string' ? labelOf(options, v) : '—');

type Field = readonly [key: string, label: string, show?: (v: unknown) => string];

/** Every column of a lead the export holds, in the order of the form; technical keys are left out. */
const LEAD_FIELDS: Field[] = [
  ['created_at', 'Enviado em', when], ['nome', 'Nome'], ['email', 'E-mail'], ['telefone', 'Telefone', (v) => (typeof v === 'string' ? maskPhone(v) : '—')], ['cargo', 'Cargo', option(cargoOptions)],
  ['empresa', 'Empresa'], ['cnpj', 'CNPJ', (v) => (typeof v === 'string' ? maskCnpj(v) : '—')], ['faturamento', 'Faturamento mensal', option(faturamentoOptions)],
  ['vendedores', 'Número de vendedores', option(numeroVendedoresOptions)], ['segmento', 'Segmento', option(segmentoOptions)],
  ['outro_segmento', 'Outro segmento'], ['modelo_negocio', 'Modelo de negócio', option(modeloNegocioOptions)],
  ['servico', 'Serviço', option(serviceOptions)], ['origem', 'Origem'], ['consent_at', 'Política de privacidade aceita em', when],
  ['privacy_policy_version', 'Versão da política de privacidade'], ['marketing_opt_in', 'Aceitou receber conteúdos por e-mail', yesNo],
  ['marketing_opt_in_at', 'Aceite de conteúdos em', when], ['first_touch', 'Primeira origem da visita'], ['last_touch', 'Última origem da visita'],
  ['routing_rule', 'Regra de encaminhamento'],
];

const MEETING_STATUS: Record<string, string> = { scheduled: 'agendada', cancelled: 'cancelada' };

function meetingLines(m: Record<string, unknown>): string[] {
  const lines = [
    `  - Reunião de ${option(serviceOptions)(m.service)} em ${when(m.starts_at)} com ${plain(m.preseller_name)} (${MEETING_STATUS[String(m.status)] ?? plain(m.status)})`,
    `    Agendada em: ${when(m.created_at)}`,
  ];
  if (m.cancel_reason) lines.push(`    Motivo do cancelamento: ${plain(m.cancel_reason)}`);
  for (const o of (m.outcomes as Record<string, unknown>[] | undefined) ?? []) {
    lines.push(`    Desfecho registrado em ${when(o.recorded_at)}: ${attendanceLabels[o.attendance as keyof typeof attendanceLabels] ?? plain(o.attendance)}, qualificado ${yesNo(o.qualified)}${o.note ? `, observação: ${plain(o.note)}` : ''}`);
  }
  return lines;
}

const dealValue = (valueCents: unknown, billing: unknown, months: unknown): DealValue =>
  ({ valueCents: Number(valueCents), billing: billing === 'mensal' ? 'mensal' : 'avulso', months: typeof months === 'number' ? months : null });

/** A deal: its stage (and why it was lost), value, dates, and each change of its history. */
function dealLines(d: Record<string, unknown>): string[] {
  const lost = d.lost_reason ? ` (${lostReasonLabels[d.lost_reason as LostReason] ?? plain(d.lost_reason)}${d.lost_note ? `: ${plain(d.lost_note)}` : ''})` : '';
  const lines = [
    `  - Negociação: ${dealStageLabels[d.stage as DealStage] ?? plain(d.stage)}${lost}, ${formatDealValue(dealValue(d.value_cents, d.billing, d.months))}`,
    `    Registrada em: ${when(d.created_at)}${d.preseller_name ? ` (consultor: ${plain(d.preseller_name)})` : ''}`,
  ];
  if (d.expected_close_on) lines.push(`    Previsão de fechamento: ${String(d.expected_close_on).split('-').reverse().join('/')}`);
  for (const e of (d.history as Record<string, unknown>[] | undefined) ?? []) {
    const from = e.from_stage ? dealValue(e.from_value_cents, e.from_billing, e.from_months) : null;
    lines.push(`    ${when(e.at)}: ${dealChangeLine({ fromStage: (e.from_stage as DealStage) ?? null, toStage: e.to_stage as DealStage, from, to: dealValue(e.to_value_cents, e.to_billing, e.to_months), lostReason: (e.lost_reason as LostReason) ?? null })}`);
  }
  return lines;
}

export function personDataText(data: PersonData): string {
  const lines = [
    'Dados pessoais guardados pelo site Mentor Solar',
    `E-mail consultado: ${data.email}`,
    `Exportado em: ${when(data.exported_at)} (${schedulingConfig.timeZoneLabel})`,
    '',
  ];
  data.leads.forEach((lead, i) => {
    lines.push(`Envio ${i + 1} de ${data.leads.length}`);
    for (const [key, label, show = plain] of LEAD_FIELDS) if (key in lead) lines.push(`  ${label}: ${show(lead[key])}`);
    const meetings = (lead.meetings as Record<string, unknown>[] | undefined) ?? [];
    lines.push(meetings.length ? '  Reuniões:' : '  Reuniões: nenhuma', ...meetings.flatMap(meetingLines));
    const deals = (lead.deals as Record<string, unknown>[] | undefined) ?? [];
    if (deals.length) lines.push('  Negociações:', ...deals.flatMap(dealLines));
    lines.push('');
  });
  if (!data.leads.length) lines.push('Nenhum envio guardado para este e-mail.', '');
  lines.push(`Mensagens guardadas: ${data.messages.length}`);
  for (const m of data.messages) {
    const what = 'target' in m.message && m.message.target ? `envio ao ${m.message.target === 'rd' ? 'RD Station' : 'webhook'} (${m.message.event})`
      : `"${plain(m.message.subject)}" para ${plain(m.message.to)}`;
    const state = m.sent_at ? `enviada em ${when(m.sent_at)}` : m.dropped_at ? 'não enviada (descartada)' : 'aguardando envio';
    lines.push(`  - ${when(m.created_at)}: ${what}, ${state}`);
  }
  return `${lines.join('\n')}\n`;
}
