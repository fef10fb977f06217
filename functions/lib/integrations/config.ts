// The integrations' settings, from the functions' environment only (never the browser's): RD Station
// Marketing conversions and Standard Webhooks. An absent setting turns its target off: nothing is queued.
import { createHash } from 'node:crypto';
import { isHttpUrl, withoutTrailingSlashes } from '../base-url';
import { conversionsEnv, type ConversionsEnv } from '../conversions/config';

export const DEFAULT_RD_STATION_API_URL = 'https://api.rd.services';

export type RdConfig = { apiKey: string; baseUrl: string };
/** secret: the whsec_… value (Standard Webhooks' symmetric key, base64 after the prefix). */
export type WebhookConfig = { url: string; secret: string };
export type IntegrationsEnv = {
  rd: RdConfig | null;
  webhook: WebhookConfig | null;
  /** Meta's and Google's conversions (conversions/config.ts), sent by the same loop. */
  conversions: ConversionsEnv;
  /**
   * Local use, declared: CONTEXT=dev (what `npm start`'s Netlify dev layer and `netlify dev` set) or
   * NETLIFY_DEV=true. Only then may the webhook be plain http on a loopback or private address. Anywhere
   * else (a deployed function, which gets no CONTEXT at run time) the URL must be https and every address
   * connected to public (SSRF): the check fails closed.
   */
  local: boolean;
  /** Settings present but unusable, by name only (never their values): logged once at start. */
  problems: string[];
};

const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/;

export function integrationsEnv(env: Record<string, string | undefined>): IntegrationsEnv {
  const problems: string[] = [];
  const apiKey = env.RD_STATION_API_KEY?.trim() || '';
  const rdUrl = withoutTrailingSlashes(env.RD_STATION_API_URL?.trim() || DEFAULT_RD_STATION_API_URL);
  let rd: RdConfig | null = null;
  if (apiKey) {
    if (/^[\x21-\x7e]{8,200}$/.test(apiKey) && isHttpUrl(rdUrl)) rd = { apiKey, baseUrl: rdUrl };
    else problems.push(isHttpUrl(rdUrl) ? 'RD_STATION_API_KEY' : 'RD_STATION_API_URL');
  }
  const url = env.WEBHOOK_URL?.trim() || '';
  const secret = env.WEBHOOK_SECRET?.trim() || '';
  let webhook: WebhookConfig | null = null;
  if (url || secret) {
    if (!isHttpUrl(url)) problems.push('WEBHOOK_URL');
    else if (!WEBHOOK_SECRET.test(secret)) problems.push('WEBHOOK_SECRET');
    else webhook = { url, secret };
  }
  const local = env.CONTEXT?.trim() === 'dev' || env.NETLIFY_DEV?.trim() === 'true';
  return { rd, webhook, conversions: conversionsEnv(env), local, problems };
}

/**
 * What integration_configure stores per target: on or off, and a hash of its settings, so a new key or URL
 * lifts a pause. SHA-256 of a random key: the key itself never reaches the database.
 */
export function targetsOf(env: IntegrationsEnv) {
  const hash = (value: string) => createHash('sha256').update(value).digest('hex');
  return {
    rd: { enabled: env.rd !== null, hash: env.rd ? hash(`rd\n${env.rd.baseUrl}\n${env.rd.apiKey}`) : null },
    webhook: { enabled: env.webhook !== null, hash: env.webhook ? hash(`webhook\n${env.webhook.url}\n${env.webhook.secret}`) : null },
  };
}
