// One template message through the Cloud API: POST {api}/{version}/{phone-number-id}/messages with plain
// fetch. The token goes in the Authorization header only; nothing here logs a URL, a header or a body.
import type { WhatsAppEnv } from './config';

/** A send's deadline: Meta answers in well under a second; a hanging connection must not hold the drain. */
export const SEND_TIMEOUT_MS = 10_000;

/**
 * Meta's error codes that mean "this message will never go", so it falls back to e-mail at once:
 * 131026 the number is not on WhatsApp (or cannot receive it), 132000/132001/132007/132012/132015/132016
 * the template's parameters, its approval or its state, 131047/131051 re-engagement or an unsupported
 * type, 131008/131009 a required or invalid parameter, 100 an invalid parameter, 190 an expired token.
 */
const FINAL_CODES = new Set([100, 190, 131008, 131009, 131026, 131047, 131051, 132000, 132001, 132005, 132007, 132012, 132015, 132016]);

export type SendOutcome =
  | { outcome: 'sent'; wamid: string }
  | { outcome: 'retry' | 'failed'; status: number | null; code: number | null; title: string };

export async function sendTemplate(env: WhatsAppEnv, body: unknown, fetchImpl: typeof fetch = fetch): Promise<SendOutcome> {
  const url = `${env.apiUrl}/${env.apiVersion}/${env.phoneNumberId}/messages`;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    const name = (error as Error)?.name === 'TimeoutError' ? 'timeout' : 'network';
    return { outcome: 'retry', status: null, code: null, title: name };
  }
  const answer = (await response.json().catch(() => null)) as { messages?: { id?: unknown }[]; error?: { code?: unknown; message?: unknown; error_data?: { details?: unknown } } } | null;
  const wamid = answer?.messages?.[0]?.id;
  if (response.ok && typeof wamid === 'string' && wamid.length > 0 && wamid.length <= 200) return { outcome: 'sent', wamid };
  const code = typeof answer?.error?.code === 'number' ? answer.error.code : null;
  const title = String(answer?.error?.error_data?.details ?? answer?.error?.message ?? `HTTP ${response.status}`).slice(0, 300);
  const final = (code !== null && FINAL_CODES.has(code)) || (response.status >= 400 && response.status < 500 && response.status !== 429 && code === null);
  return { outcome: final ? 'failed' : 'retry', status: response.status, code, title };
}
