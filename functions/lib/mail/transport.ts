// Delivers one message: SMTP when SMTP_URL is set, otherwise an .eml file under DATA_DIR/outbox.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailContent } from '../store/port';

export type MailSender = (id: string, message: MailContent) => Promise<void>;

/** Adds short timeouts unless the URL sets them, so a dead server fails fast and is retried later. */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, ms] of [['connectionTimeout', 5000], ['greetingTimeout', 5000], ['socketTimeout', 10000]] as const) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(ms));
  }
  return url.toString();
}

export function createSender(opts: { smtpUrl: string | null; mailFrom: string; dataDir: string }): MailSender {
  if (opts.smtpUrl) {
    const smtp = nodemailer.createTransport(withTimeouts(opts.smtpUrl));
    return async (_id, message) => {
      await smtp.sendMail({ ...message, from: opts.mailFrom });
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = join(opts.dataDir, 'outbox');
  return async (id, message) => {
    const info = await files.sendMail({ ...message, from: opts.mailFrom });
    await mkdir(dir, { recursive: true });
    const path = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id}.eml`);
    await writeFile(path, info.message as Buffer);
    console.info(`[mail] SMTP_URL not set; message written to ${path}`);
  };
}
