// The ad platforms' settings, from the functions' environment only: Meta's Conversions API and Google's
// Data Manager API. A platform without its settings is off: nothing is queued for it. Values are never
// logged or shown; the painel and the start-up log say only "configurado" or the setting's name.
import { createHash, createPrivateKey } from 'node:crypto';
import { CONVERSION_STAGES, type ConversionStage } from '../../../src/domain/conversions';
import { isHttpUrl, withoutTrailingSlashes } from '../base-url';

export const DEFAULT_META_CAPI_URL = 'https://graph.facebook.com';
/** A current Graph API version (Meta's own Conversions API examples, 2026); each is kept at least two years. */
export const DEFAULT_META_API_VERSION = 'v25.0';
export const DEFAULT_GOOGLE_DATAMANAGER_URL = 'https://datamanager.googleapis.com';
export const GOOGLE_DATAMANAGER_SCOPE = 'https://www.googleapis.com/auth/datamanager';

export type MetaConfig = { pixelId: string; token: string; version: string; baseUrl: string; testEventCode: string | null };
/** The service account's own fields, as Google's JSON key file holds them. */
export type GoogleServiceAccount = { clientEmail: string; privateKey: string; tokenUri: string };
/**
 * destinations: the Google Ads conversion action (a Data Manager "product destination") of each stage sent.
 * A conversion action counts one kind of conversion, so stages never share one; a stage without its own is
 * not sent to Google.
 */
export type GoogleConfig = { account: GoogleServiceAccount; operatingAccountId: string; destinations: Partial<Record<ConversionStage, string>>; baseUrl: string };
export type ConversionsEnv = { meta: MetaConfig | null; google: GoogleConfig | null; problems: string[] };

export function conversionsEnv(env: Record<string, string | undefined>): ConversionsEnv {
  const problems: string[] = [];
  const value = (name: string) => env[name]?.trim() || '';

  let meta: MetaConfig | null = null;
  const pixelId = value('META_PIXEL_ID');
  const token = value('META_CAPI_TOKEN');
  if (pixelId || token) {
    const version = value('META_API_VERSION') || DEFAULT_META_API_VERSION;
    const baseUrl = withoutTrailingSlashes(value('META_CAPI_URL') || DEFAULT_META_CAPI_URL);
    const testEventCode = value('META_TEST_EVENT_CODE') || null;
    if (!/^\d{5,20}$/.test(pixelId)) problems.push('META_PIXEL_ID');
    else if (!/^[\x21-\x7e]{20,1000}$/.test(token)) problems.push('META_CAPI_TOKEN');
    else if (!/^v\d{1,3}\.\d{1,2}$/.test(version)) problems.push('META_API_VERSION');
    else if (!isHttpUrl(baseUrl)) problems.push('META_CAPI_URL');
    else if (testEventCode !== null && !/^[A-Za-z0-9_-]{1,100}$/.test(testEventCode)) problems.push('META_TEST_EVENT_CODE');
    else meta = { pixelId, token, version, baseUrl, testEventCode };
  }

  let google: GoogleConfig | null = null;
  const json = value('GOOGLE_DATAMANAGER_SERVICE_ACCOUNT');
  const operatingAccountId = value('GOOGLE_DATAMANAGER_OPERATING_ACCOUNT').replace(/-/g, '');
  const destinationSetting = value('GOOGLE_DATAMANAGER_DESTINATION');
  if (json || operatingAccountId || destinationSetting) {
    const destinations = destinationsOf(destinationSetting);
    const account = serviceAccountOf(json);
    const baseUrl = withoutTrailingSlashes(value('GOOGLE_DATAMANAGER_URL') || DEFAULT_GOOGLE_DATAMANAGER_URL);
    if (!account) problems.push('GOOGLE_DATAMANAGER_SERVICE_ACCOUNT');
    // A Google Ads customer id: 10 digits (written with or without hyphens).
    else if (!/^\d{10}$/.test(operatingAccountId)) problems.push('GOOGLE_DATAMANAGER_OPERATING_ACCOUNT');
    else if (!destinations) problems.push('GOOGLE_DATAMANAGER_DESTINATION');
    else if (!isHttpUrl(baseUrl)) problems.push('GOOGLE_DATAMANAGER_URL');
    else google = { account, operatingAccountId, destinations, baseUrl };
  }
  return { meta, google, problems };
}

/**
 * GOOGLE_DATAMANAGER_DESTINATION: one conversion action id, for the qualified meeting (the conversion worth
 * optimising for), or one per stage: 'reuniao_qualificada=123,negocio_ganho=456'. Null when malformed.
 */
function destinationsOf(setting: string): GoogleConfig['destinations'] | null {
  if (/^\d{1,20}$/.test(setting)) return { reuniao_qualificada: setting };
  const destinations: GoogleConfig['destinations'] = {};
  for (const pair of setting.split(',')) {
    const [stage, id] = pair.split('=').map((s) => s.trim());
    if (!(CONVERSION_STAGES as readonly string[]).includes(stage) || !/^\d{1,20}$/.test(id ?? '')) return null;
    destinations[stage as ConversionStage] = id;
  }
  return Object.keys(destinations).length > 0 ? destinations : null;
}

/** The JSON key file's client_email, private_key (a PEM that node:crypto reads) and token_uri; null when unusable. */
function serviceAccountOf(json: string): GoogleServiceAccount | null {
  try {
    const parsed = JSON.parse(json) as Record<string, unknown>;
    const { client_email: clientEmail, private_key: privateKey, token_uri: tokenUri } = parsed;
    if (typeof clientEmail !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(clientEmail)) return null;
    if (typeof privateKey !== 'string' || typeof tokenUri !== 'string' || !isHttpUrl(tokenUri)) return null;
    createPrivateKey(privateKey);
    return { clientEmail, privateKey, tokenUri };
  } catch {
    return null;
  }
}

/** What integration_configure stores per platform: on or off, and a hash of its settings (never the settings). */
export function conversionTargetsOf(env: ConversionsEnv) {
  const hash = (value: string) => createHash('sha256').update(value).digest('hex');
  const { meta, google } = env;
  return {
    meta: { enabled: meta !== null, hash: meta ? hash(`meta\n${meta.baseUrl}\n${meta.version}\n${meta.pixelId}\n${meta.token}`) : null },
    google: {
      enabled: google !== null,
      hash: google ? hash(`google\n${google.baseUrl}\n${google.operatingAccountId}\n${JSON.stringify(google.destinations)}\n${google.account.clientEmail}\n${google.account.privateKey}`) : null,
    },
  };
}
