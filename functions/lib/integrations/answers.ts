// What each receiver's answer means for the delivery (the outcome integration_result records).
import type { HttpAnswer } from './http';

export type Verdict =
  | { outcome: 'sent'; status: number; response: Record<string, unknown> | null }
  | { outcome: 'retry'; status: number | null; error: string; retryAfterHeader?: string | string[] }
  | { outcome: 'failed'; status: number | null; error: string }
  /** The whole target waits: RD refuses the key (401/403), or the webhook endpoint is gone (410). */
  | { outcome: 'pause'; status: number; error: string };

/** Errors that no retry can fix: the address itself is refused. */
const PERMANENT_CODES = new Set(['address_not_allowed', 'https_required', 'invalid_url']);

/** A request that got no answer: a network error or timeout is retried; a refused address is not. */
export function unanswered(code: string): Verdict {
  return PERMANENT_CODES.has(code) ? { outcome: 'failed', status: null, error: code } : { outcome: 'retry', status: null, error: code };
}

/**
 * RD Station Marketing: 2xx sent (its event_uuid kept); 429 and 5xx retried (Retry-After honoured); 401/403
 * pause every RD delivery (the key is refused; retrying would only burn attempts); 400, 415, 422 and other
 * 4xx are refused for good, with RD's error kept for the console.
 */
export function rdVerdict(answer: HttpAnswer): Verdict {
  const { status } = answer;
  if (status >= 200 && status < 300) {
    const uuid = parseJson(answer.body)?.event_uuid;
    return { outcome: 'sent', status, response: typeof uuid === 'string' ? { event_uuid: uuid.slice(0, 100) } : null };
  }
  if (status === 429 || status === 408 || status >= 500) return { outcome: 'retry', status, error: `HTTP ${status}`, retryAfterHeader: answer.headers['retry-after'] };
  if (status === 401 || status === 403) return { outcome: 'pause', status, error: `HTTP ${status}: ${rdErrors(answer.body) || 'chave recusada'}` };
  return { outcome: 'failed', status, error: `HTTP ${status}${rdErrors(answer.body) ? `: ${rdErrors(answer.body)}` : ''}` };
}

/**
 * Standard Webhooks: any 2xx is success; a 3xx is a failure and never followed; 410 disables the endpoint;
 * anything else (429, 5xx, other 4xx) is retried on the schedule, honouring Retry-After.
 */
export function webhookVerdict(answer: HttpAnswer): Verdict {
  const { status } = answer;
  if (status >= 200 && status < 300) return { outcome: 'sent', status, response: null };
  if (status >= 300 && status < 400) return { outcome: 'failed', status, error: `HTTP ${status}: redirecionamento não seguido` };
  if (status === 410) return { outcome: 'pause', status, error: 'HTTP 410: endereço desativado pelo receptor' };
  return { outcome: 'retry', status, error: `HTTP ${status}`, retryAfterHeader: answer.headers['retry-after'] };
}

/** RD's `errors` as "TYPE: message (path)" lines, whatever shape (array or keyed object) it took. */
function rdErrors(body: string): string {
  const parsed = parseJson(body);
  const errors = parsed?.errors;
  const list = Array.isArray(errors) ? errors : errors && typeof errors === 'object' ? Object.values(errors).flat() : [];
  return list
    .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object')
    .map((e) => [e.error_type, e.error_message, e.path ? `(${String(e.path)})` : ''].filter(Boolean).map(String).join(' '))
    .join('; ')
    // Control characters (a line break in an error could fake a log line or a console row) become spaces.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .slice(0, 400);
}

function parseJson(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
