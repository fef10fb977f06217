// How long one SMTP send may take: its own module, so the drain can read it without loading nodemailer.

export type SmtpTimeouts = { connectionTimeout: number; greetingTimeout: number; socketTimeout: number };

/** nodemailer's timeouts for a send, unless SMTP_URL sets them: a dead server fails fast and is retried later. */
export const SMTP_TIMEOUTS_MS: Readonly<SmtpTimeouts> = { connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10000 };

/**
 * The longest one send takes with `timeouts`: a server that accepts the connection just in time, greets just
 * in time, then goes silent. A drain starts a send only while this much time is left (lib/budget.ts `fits`).
 */
export function worstSendMs(timeouts: SmtpTimeouts = SMTP_TIMEOUTS_MS): number {
  return timeouts.connectionTimeout + timeouts.greetingTimeout + timeouts.socketTimeout;
}

/** The worst case with the default timeouts: the drain's bound when the sender says nothing else. */
export const WORST_SEND_MS = worstSendMs();
