// Delivers one message: SMTP when SMTP_URL is set, otherwise an .eml file under DATA_DIR/outbox.
// nodemailer is loaded by the first send, not with the module: every function creates a sender, few send on a
// given request, and importing it cost ~85 ms of each cold start (docs/operations.md "Cold start").
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { MailContent } from '../store/port';
import { SMTP_TIMEOUTS_MS, worstSendMs, type SmtpTimeouts } from './smtp-timeouts';

/**
 * Sends one message. worstMs: the longest one send can take with the timeouts it runs under (an SMTP_URL may set
 * its own); the drain starts a send only while that much fits. Unset: smtp-timeouts.ts's WORST_SEND_MS.
 */
export type MailSender = ((id: string, message: MailContent) => Promise<void>) & { worstMs?: number };

/** Adds the short timeouts unless the URL sets them, so a dead server fails fast and is retried later. */
function withTimeouts(smtpUrl: string): { url: string; worstMs: number | undefined } {
  const url = new URL(smtpUrl);
  for (const [key, ms] of Object.entries(SMTP_TIMEOUTS_MS)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
  }
  // The worst case of a send under these timeouts; unreadable (not a number): the default's.
  const timeouts = Object.fromEntries(Object.keys(SMTP_TIMEOUTS_MS).map((key) => [key, Number(url.searchParams.get(key))])) as SmtpTimeouts;
  const worst = worstSendMs(timeouts);
  return { url: url.toString(), worstMs: Number.isFinite(worst) && worst > 0 ? worst : undefined };
}

/**
 * The nodemailer options of a stored message, field by field: text and HTML become one
 * multipart/alternative, Reply-To a header, the invite a text/calendar part. Nothing else a stored row
 * might hold reaches nodemailer (options such as attachments[].path or raw would read local files).
 */
export function mailOptions(message: MailContent, from: string, id: string) {
  const { to, subject, text, html, replyTo, icalEvent } = message;
  return {
    from, to, subject, text, ...(html ? { html } : {}), ...(replyTo ? { replyTo } : {}), ...(icalEvent ? { icalEvent } : {}),
    messageId: messageIdOf(id, from),
  };
}

/**
 * One Message-ID per outbox row, the same on every attempt. Sending is at-least-once: a sender killed
 * after the SMTP server took a message but before it was marked sent sends it again, and mail clients
 * and servers show two copies with one Message-ID as one message.
 */
export function messageIdOf(id: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(from)?.[1] ?? 'localhost';
  return `<${id}@${domain.toLowerCase()}>`;
}

/** One transport per sender, made on its first send; a failed import is tried again on the next. */
function lazyTransport(options: string | Record<string, unknown>): () => Promise<Transporter> {
  let made: Promise<Transporter> | null = null;
  return () => {
    made ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
    made.catch(() => {
      made = null;
    });
    return made;
  };
}

export function createSender(opts: { smtpUrl: string | null; mailFrom: string; dataDir: string }): MailSender {
  if (opts.smtpUrl) {
    const { url: smtpUrl, worstMs } = withTimeouts(opts.smtpUrl); // a malformed SMTP_URL still throws here, at once
    const smtp = lazyTransport(smtpUrl);
    const send: MailSender = async (id, message) => {
      await (await smtp()).sendMail(mailOptions(message, opts.mailFrom, id));
    };
    return Object.assign(send, { worstMs });
  }
  const files = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = join(opts.dataDir, 'outbox');
  return async (id, message) => {
    const info = await (await files()).sendMail(mailOptions(message, opts.mailFrom, id));
    await mkdir(dir, { recursive: true });
    const path = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
    await writeFile(path, info.message as Buffer);
    console.info(`[mail] SMTP_URL not set; message written to ${path}`);
  };
}
