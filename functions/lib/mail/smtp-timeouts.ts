// How long one SMTP send may take: its own module, so the drain can read it without loading nodemailer.

/** nodemailer's timeouts for a send, unless SMTP_URL sets them: a dead server fails fast and is retried later. */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10000 } as const;

/**
 * The longest one send takes with those timeouts: a server that accepts the connection just in time, greets just
 * in time, then goes silent. A drain starts a send only while this much time is left (lib/budget.ts `fits`).
 */
export const WORST_SEND_MS = SMTP_TIMEOUTS_MS.connectionTimeout + SMTP_TIMEOUTS_MS.greetingTimeout + SMTP_TIMEOUTS_MS.socketTimeout;
