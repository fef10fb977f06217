// What each delivery carries. The database writes a snapshot per fact (20261128000000_integrations.sql:
// integration_lead_json, integration_meeting_json): the webhook sends it as it is; RD Station gets a
// conversion built from it, with the form's pt-BR labels.
import type { StoredTouch } from '../../../src/domain/attribution-params';
import { maskCnpj } from '../../../src/domain/cnpj';
import { asksOutroSegmento } from '../../../src/domain/lead-form';
import {
  cargoOptions, faturamentoOptions, labelOf, modeloNegocioOptions, numeroVendedoresOptions, segmentoOptions, serviceOptions,
} from '../../../src/domain/options';

export type LeadSnapshot = {
  id: string; created_at: string; name: string; email: string; phone: string; company: string; cnpj: string;
  job_title: string; revenue: string; sales_team: string; segment: string; other_segment: string | null; business_model: string;
  service: string | null; origin: string; routing_rule: string | null; marketing_opt_in: boolean;
  /** As stored (src/domain/attribution.ts checks them at the form). */
  first_touch: StoredTouch | null; last_touch: StoredTouch | null;
};
export type MeetingSnapshot = {
  id: string; lead_id: string; service: string; starts_at: string; ends_at: string; status: string;
  consultant: { id: string; name: string; email: string; room_url: string | null } | null;
};
export type EventData = { lead?: LeadSnapshot; meeting?: MeetingSnapshot; [key: string]: unknown };
/** The outbox row's message: the event, when the fact happened, and its snapshot. */
export type EventMessage = { event: string; at: string; data: EventData };

/** Standard Webhooks' envelope, serialised once per delivery: every attempt signs these same bytes. */
export function webhookBody(message: EventMessage): string {
  return JSON.stringify({ type: message.event, timestamp: new Date(message.at).toISOString(), data: message.data });
}

/** RD's custom fields this site fills: the RD account must create each with exactly this identifier. */
export const RD_CUSTOM_FIELDS = ['cf_cnpj', 'cf_faturamento', 'cf_vendedores', 'cf_segmento', 'cf_modelo_negocio', 'cf_servico', 'cf_consultor'] as const;

/**
 * The conversion for POST /platform/conversions. The wizard's privacy checkbox is consent to be answered,
 * not to e-mail marketing: only the separate opt-in box makes the contact available for mailing, with
 * consent as its legal basis; otherwise no legal basis is claimed.
 */
export function rdConversion(message: EventMessage) {
  const lead = message.data.lead;
  if (!lead) throw new Error('rd conversion without a lead');
  const meeting = message.data.meeting;
  const traffic = trafficOf(lead.first_touch);
  const service = meeting?.service ?? lead.service;
  const payload: Record<string, unknown> = {
    conversion_identifier: message.event,
    email: lead.email,
    name: lead.name,
    company_name: lead.company,
    job_title: labelOf(cargoOptions, lead.job_title),
    mobile_phone: e164(lead.phone),
    ...traffic,
    cf_cnpj: maskCnpj(lead.cnpj),
    cf_faturamento: labelOf(faturamentoOptions, lead.revenue),
    cf_vendedores: labelOf(numeroVendedoresOptions, lead.sales_team),
    cf_segmento: asksOutroSegmento({ segmento: lead.segment }) && lead.other_segment ? lead.other_segment : labelOf(segmentoOptions, lead.segment),
    cf_modelo_negocio: labelOf(modeloNegocioOptions, lead.business_model),
    cf_servico: service ? labelOf(serviceOptions, service) : undefined,
    cf_consultor: meeting?.consultant?.name,
    available_for_mailing: lead.marketing_opt_in === true,
    ...(lead.marketing_opt_in === true ? { legal_bases: [{ category: 'communications', type: 'consent', status: 'granted' }] } : {}),
  };
  for (const key of Object.keys(payload)) if (payload[key] === undefined || payload[key] === null || payload[key] === '') delete payload[key];
  return { event_type: 'CONVERSION', event_family: 'CDP', payload };
}

/** Brazilian numbers are stored as their 10–11 digits, foreign ones already as +<country><number>. */
function e164(phone: string): string {
  return phone.startsWith('+') ? phone : `+55${phone}`;
}

/**
 * RD's traffic fields from the first touch: the campaign's utm_* when tagged; otherwise a click id names
 * its network (paid), or the referring site (referral).
 */
export function trafficOf(touch: StoredTouch | null | undefined): Record<string, string> {
  if (!touch) return {};
  const clickSource = touch.gclid || touch.gbraid || touch.wbraid ? 'google' : touch.fbclid ? 'facebook' : undefined;
  const source = touch.utm_source || clickSource || touch.referrer_host;
  const medium = touch.utm_medium || (clickSource ? 'cpc' : touch.referrer_host ? 'referral' : undefined);
  const out: Record<string, string> = {};
  if (source) out.traffic_source = source;
  if (medium) out.traffic_medium = medium;
  if (touch.utm_campaign) out.traffic_campaign = touch.utm_campaign;
  if (touch.utm_term) out.traffic_value = touch.utm_term;
  return out;
}
