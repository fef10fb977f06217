// Google's Data Manager API (POST {GOOGLE_DATAMANAGER_URL}/v1/events:ingest), the route Google keeps open
// to new adopters of offline conversions since June 2026. A service account signs in with the JWT bearer
// grant (RS256, node:crypto) at its key file's token_uri; the access token is kept until a minute before it
// ends. One event per request, like Meta's: Google refuses the whole request when one event is bad.
import { createSign } from 'node:crypto';
import type { ConversionStage } from '../../../src/domain/conversions';
import { hashedContacts } from './hashed-contacts';
import { GOOGLE_DATAMANAGER_SCOPE, type GoogleConfig, type GoogleServiceAccount } from './config';
import { conversionEventId, valueOf, type ConversionMessage } from './events';
import { answerJson, oneLine, post, SendError, type SendVerdict } from './verdict';

/** Google's cap per events:ingest request. */
export const GOOGLE_MAX_EVENTS_PER_REQUEST = 2000;

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** The signed assertion of the JWT bearer grant (RFC 7523), valid for an hour from `now`. */
export function serviceAccountAssertion(account: GoogleServiceAccount, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ iss: account.clientEmail, scope: GOOGLE_DATAMANAGER_SCOPE, aud: account.tokenUri, iat, exp: iat + 3600 }));
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.privateKey);
  return `${header}.${claims}.${base64url(signature)}`;
}

/** Access tokens per process: asked for when missing or about to end; never logged. */
export function googleTokens(account: GoogleServiceAccount, now: () => Date) {
  let cached: { token: string; until: number } | null = null;
  return async function token(): Promise<string> {
    if (cached && cached.until > now().getTime()) return cached.token;
    const form = new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion: serviceAccountAssertion(account, now()) });
    const answer = await post(account.tokenUri, form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    const body = answerJson(answer.text);
    if (answer.status !== 200 || typeof body?.access_token !== 'string') {
      // A refused key (400/401) is the mentor's to fix; a server error is worth another try.
      throw answer.status >= 500 || answer.status === 429 ? new SendError('network') : new SendError('token');
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    cached = { token: body.access_token, until: now().getTime() + Math.max(0, seconds - 60) * 1000 };
    return cached.token;
  };
}

/** One event as Data Manager takes it: RFC 3339 time, the click ids, hex SHA-256 contacts in Google's own normalisation. */
export function googleEvent(message: ConversionMessage) {
  const { lead, ad_ids: ids } = message.data;
  const hashed = hashedContacts('google', { email: lead.email, telefone: lead.phone });
  const identifiers = [...(hashed.email ? [{ emailAddress: hashed.email }] : []), ...(hashed.phone ? [{ phoneNumber: hashed.phone }] : [])];
  const adIdentifiers = Object.fromEntries((['gclid', 'gbraid', 'wbraid'] as const).filter((k) => ids[k]).map((k) => [k, ids[k]]));
  const value = valueOf(message);
  return {
    eventTimestamp: new Date(message.at).toISOString(),
    transactionId: conversionEventId(message),
    eventSource: 'WEB',
    ...(Object.keys(adIdentifiers).length ? { adIdentifiers } : {}),
    ...(identifiers.length ? { userData: { userIdentifiers: identifiers } } : {}),
    ...(value !== null ? { conversionValue: value, currency: message.data.currency ?? 'BRL' } : {}),
    // Consent is told as it was given: granted when the lead ticked the box; otherwise left unspecified
    // (legitimate interest is not consent, and Google asks for consent only for EEA users).
    ...(message.data.basis === 'consentimento' ? { consent: { adUserData: 'CONSENT_GRANTED' } } : {}),
  };
}

export function googleRequest(config: GoogleConfig, stage: ConversionStage, events: ReturnType<typeof googleEvent>[]) {
  return {
    url: `${config.baseUrl}/v1/events:ingest`,
    body: {
      destinations: [{ operatingAccount: { accountType: 'GOOGLE_ADS', accountId: config.operatingAccountId }, productDestinationId: config.destinations[stage] }],
      events: events.slice(0, GOOGLE_MAX_EVENTS_PER_REQUEST),
      encoding: 'HEX',
    },
  };
}

/** 2xx: sent (requestId kept). 429, 5xx: retried. Any other refusal: for good, with Google's message. */
export function googleVerdict(status: number, text: string): SendVerdict {
  const body = answerJson(text);
  if (status >= 200 && status < 300) {
    return { outcome: 'sent', status, response: typeof body?.requestId === 'string' ? { requestId: body.requestId.slice(0, 100) } : {} };
  }
  const error = (body?.error && typeof body.error === 'object' ? body.error : {}) as Record<string, unknown>;
  const said = oneLine(typeof error.message === 'string' && error.message ? error.message : `HTTP ${status}`);
  if (status === 429 || status >= 500) return { outcome: 'retry', status, error: `HTTP ${status}: ${said}` };
  return { outcome: 'failed', status, error: `HTTP ${status}: ${said}`, response: { message: said, ...(typeof error.status === 'string' ? { code: error.status } : {}) } };
}

export async function sendGoogle(config: GoogleConfig, token: () => Promise<string>, message: ConversionMessage): Promise<SendVerdict> {
  const { url, body } = googleRequest(config, message.event, [googleEvent(message)]);
  const answer = await post(url, JSON.stringify(body), { 'content-type': 'application/json', authorization: `Bearer ${await token()}` });
  return googleVerdict(answer.status, answer.text);
}
