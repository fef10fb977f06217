// Meta's Conversions API for website events, on plain fetch: POST {META_CAPI_URL}/{version}/{pixel}/events
// with the access token in the body (never in a URL a proxy might log). One event per request: Meta refuses
// the whole request when one event is bad (older than 7 days, say), so a bad one never takes others down.
import { metaEventName } from '../../../src/domain/conversions';
import { hashedContacts } from './hashed-contacts';
import type { MetaConfig } from './config';
import { conversionEventId, eventSourceUrl, valueOf, type ConversionMessage } from './events';
import { answerJson, oneLine, post, type SendVerdict } from './verdict';

/** One server event as Meta documents it: time in Unix seconds, em/ph hashed lists, fbc/fbp as the cookies hold them. */
export function metaEvent(message: ConversionMessage, siteUrl: string) {
  const { lead, ad_ids: ids } = message.data;
  const hashed = hashedContacts('meta', { email: lead.email, telefone: lead.phone });
  const value = valueOf(message);
  return {
    event_name: metaEventName[message.event],
    event_time: Math.floor(Date.parse(message.at) / 1000),
    event_id: conversionEventId(message),
    action_source: 'website',
    event_source_url: eventSourceUrl(siteUrl, lead.landing_path),
    user_data: {
      ...(hashed.email ? { em: [hashed.email] } : {}),
      ...(hashed.phone ? { ph: [hashed.phone] } : {}),
      ...(ids.fbc ? { fbc: ids.fbc } : {}),
      ...(ids.fbp ? { fbp: ids.fbp } : {}),
      ...(lead.user_agent ? { client_user_agent: lead.user_agent } : {}),
    },
    ...(value !== null ? { custom_data: { value, currency: message.data.currency ?? 'BRL' } } : {}),
  };
}

export function metaRequest(config: MetaConfig, events: ReturnType<typeof metaEvent>[]) {
  return {
    url: `${config.baseUrl}/${config.version}/${config.pixelId}/events`,
    body: { data: events, access_token: config.token, ...(config.testEventCode ? { test_event_code: config.testEventCode } : {}) },
  };
}

/** Graph error codes that say "later" (throttled, temporarily unavailable), besides 429 and 5xx. */
const TRANSIENT_CODES = new Set([1, 2, 4, 17, 32, 341, 613]);

/**
 * 2xx: sent (events_received and fbtrace_id kept). 429, 5xx or a transient Graph error: retried. Any other
 * refusal: for good, with Meta's own message (error_user_msg when it wrote one for people, else message).
 */
export function metaVerdict(status: number, text: string): SendVerdict {
  const body = answerJson(text);
  if (status >= 200 && status < 300) {
    const response: Record<string, unknown> = {};
    if (typeof body?.events_received === 'number') response.events_received = body.events_received;
    if (typeof body?.fbtrace_id === 'string') response.fbtrace_id = body.fbtrace_id.slice(0, 100);
    return { outcome: 'sent', status, response };
  }
  const error = (body?.error && typeof body.error === 'object' ? body.error : {}) as Record<string, unknown>;
  const message = [error.error_user_msg, error.message].find((m): m is string => typeof m === 'string' && m.length > 0);
  const code = typeof error.code === 'number' ? error.code : null;
  const said = oneLine(message ?? `HTTP ${status}`);
  if (status === 429 || status >= 500 || error.is_transient === true || (code !== null && TRANSIENT_CODES.has(code))) {
    return { outcome: 'retry', status, error: `HTTP ${status}: ${said}` };
  }
  return {
    outcome: 'failed', status, error: `HTTP ${status}: ${said}`,
    response: { message: said, ...(code !== null ? { code } : {}), ...(typeof error.error_subcode === 'number' ? { subcode: error.error_subcode } : {}) },
  };
}

export async function sendMeta(config: MetaConfig, message: ConversionMessage, siteUrl: string): Promise<SendVerdict> {
  const { url, body } = metaRequest(config, [metaEvent(message, siteUrl)]);
  const answer = await post(url, JSON.stringify(body), { 'content-type': 'application/json' });
  return metaVerdict(answer.status, answer.text);
}
