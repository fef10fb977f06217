// What a platform's answer means for one conversion (the outcome integration_result records), and the one
// POST both senders make: plain fetch, a deadline for the whole exchange, never a URL or body in an error.

export type SendVerdict =
  | { outcome: 'sent'; status: number; response: Record<string, unknown> }
  | { outcome: 'retry'; status: number | null; error: string }
  /** Refused for good; `response.message` is the platform's reason, shown in the painel. */
  | { outcome: 'failed'; status: number | null; error: string; response?: Record<string, unknown> };

/**
 * 10 s per request. A conversion may take two (Google's token, then its ingest), and the drain starts one
 * only if both can end within its budget (budget.ts): at 15 s each, 30 s never fit a scheduled run's 27 s,
 * so conversions written by the painel (an outcome, a won deal), which no request wakes the drain for,
 * were never sent.
 */
export const SEND_TIMEOUT_MS = 10_000;

/** A request that got no answer: its reason as a code (senderErrorLabel in src/domain/conversions.ts words it). */
export class SendError extends Error {
  constructor(readonly code: 'timeout' | 'network' | 'token' | 'not_configured') {
    super(code);
  }
}

export async function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  try {
    const response = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    // Only the start of an answer: errors and ids fit well within it.
    return { status: response.status, text: (await response.text()).slice(0, 8192) };
  } catch (error) {
    throw new SendError((error as { name?: string })?.name === 'TimeoutError' ? 'timeout' : 'network');
  }
}

export function answerJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Control characters (a line break could fake a log line or a painel row) become spaces; 400 characters at most. */
// eslint-disable-next-line no-control-regex
export const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, 400);
