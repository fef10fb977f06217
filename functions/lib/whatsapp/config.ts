// WhatsApp Cloud API settings, from the functions' environment only (never the browser's). Without the four
// required ones nothing changes for anyone: no checkbox on the form, nothing queued, the webhook answers 404.
import { isHttpUrl, withoutTrailingSlashes } from '../base-url';

export const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com';
/** The Graph API version Meta's examples use today; WHATSAPP_API_VERSION moves it without a deploy of code. */
export const DEFAULT_WHATSAPP_API_VERSION = 'v24.0';
/** The share of opted-in leads held out (e-mail only) when WHATSAPP_HOLDOUT_PERCENT is not set. */
export const DEFAULT_HOLDOUT_PERCENT = 20;

export type WhatsAppEnv = {
  phoneNumberId: string;
  /** A system-user access token: sent only in the Authorization header, never logged. */
  token: string;
  /** Signs Meta's webhook posts (X-Hub-Signature-256). Never logged. */
  appSecret: string;
  /** What Meta's subscription check must send back (hub.verify_token). */
  verifyToken: string;
  apiVersion: string;
  apiUrl: string;
  /** 0–100: the share of opted-in leads drawn into the holdout at opt-in. */
  holdoutPercent: number;
};

/** The settings by name, never their values: which are missing or unusable (logged once at start). */
export type WhatsAppSettings = { whatsapp: WhatsAppEnv | null; problems: string[] };

export function whatsappEnv(env: Record<string, string | undefined>): WhatsAppSettings {
  const read = (name: string) => env[name]?.trim() || '';
  const phoneNumberId = read('WHATSAPP_PHONE_NUMBER_ID');
  const token = read('WHATSAPP_TOKEN');
  const appSecret = read('WHATSAPP_APP_SECRET');
  const verifyToken = read('WHATSAPP_VERIFY_TOKEN');
  const required = { WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_TOKEN: token, WHATSAPP_APP_SECRET: appSecret, WHATSAPP_VERIFY_TOKEN: verifyToken };
  const given = Object.values(required).filter(Boolean).length;
  if (given === 0) return { whatsapp: null, problems: [] };
  const problems = Object.entries(required).filter(([, v]) => !v).map(([k]) => k);
  if (phoneNumberId && !/^\d{5,30}$/.test(phoneNumberId)) problems.push('WHATSAPP_PHONE_NUMBER_ID');
  if (token && !/^[\x21-\x7e]{16,1000}$/.test(token)) problems.push('WHATSAPP_TOKEN');
  const apiVersion = read('WHATSAPP_API_VERSION') || DEFAULT_WHATSAPP_API_VERSION;
  if (!/^v\d{1,3}\.\d{1,2}$/.test(apiVersion)) problems.push('WHATSAPP_API_VERSION');
  const apiUrl = withoutTrailingSlashes(read('WHATSAPP_API_URL') || DEFAULT_WHATSAPP_API_URL);
  if (!isHttpUrl(apiUrl, { base: true })) problems.push('WHATSAPP_API_URL');
  const holdoutText = read('WHATSAPP_HOLDOUT_PERCENT');
  const holdoutPercent = holdoutText === '' ? DEFAULT_HOLDOUT_PERCENT : Number(holdoutText);
  if (!Number.isFinite(holdoutPercent) || holdoutPercent < 0 || holdoutPercent > 100) problems.push('WHATSAPP_HOLDOUT_PERCENT');
  if (problems.length) return { whatsapp: null, problems: [...new Set(problems)] };
  return { whatsapp: { phoneNumberId, token, appSecret, verifyToken, apiVersion, apiUrl, holdoutPercent }, problems: [] };
}
