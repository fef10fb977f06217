// Signing in to /painel as a browser does: the code is read from the mail the site wrote.
import type { BrowserContext, Page } from 'playwright-core';
import { codeMail } from '../../src/domain/painel/copy';
import type { Harness } from './orcamento.fixtures';
import { outbox, to, waitForMails } from './reuniao.fixtures';
import { VISITOR_IP_HEADER } from '../support/visitor';

let visitors = 0;
/**
 * A browser context's own address: the painel limits code requests per address and IP (5 an hour) and per
 * IP (20), and the whole browser run signs in far more often than that from 127.0.0.1. Each context is one
 * person on their own connection, as in production; a test of the limits makes its requests in one context.
 */
export function visitorHeaders(): Record<string, string> {
  visitors += 1;
  return { [VISITOR_IP_HEADER]: `10.${process.pid % 250}.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}` };
}

export async function signedIn(h: Harness, email: string, viewport: { width: number; height: number }, path = '/painel'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await h.browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce', extraHTTPHeaders: visitorHeaders() });
  const page = await context.newPage();
  await page.goto(`${h.url}${path}`);
  await page.getByLabel('E-mail').fill(email);
  // The shared site may hold earlier codes of this address: wait for one more, the newest.
  const isCode = (m: Awaited<ReturnType<typeof outbox>>[number]) => to(email)(m) && m.subject === codeMail.subject;
  const before = (await outbox(h.dataDir)).filter(isCode).length;
  await page.getByRole('button', { name: 'Receber código' }).click();
  await page.getByLabel('Código').waitFor();
  const mail = (await waitForMails(h.dataDir, isCode, before + 1)).at(-1)!;
  await page.getByLabel('Código').fill(/é: ([A-Z0-9]{8})/.exec(mail.text)![1]);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.getByRole('navigation', { name: 'Seções do painel' }).waitFor();
  return { context, page };
}

/**
 * One signed-in session for a whole test file: sign-in codes are limited per address per hour, and every
 * browser file shares one site and one mentor address, so a file signs in once and opens a page per test.
 */
export function sharedSession(h: () => Harness, email: string, viewport: { width: number; height: number }) {
  let context: BrowserContext | null = null;
  return {
    async page(): Promise<Page> {
      if (!context) {
        const session = await signedIn(h(), email, viewport);
        context = session.context;
        return session.page;
      }
      const page = await context.newPage();
      await page.goto(`${h().url}/painel`);
      await page.getByRole('navigation', { name: 'Seções do painel' }).waitFor();
      return page;
    },
    async close() {
      await context?.close();
      context = null;
    },
  };
}

/**
 * Moves a meeting into the past, as if time had passed: it starts `minutesAgo` minutes ago, or, where its
 * consultant already has a meeting then (the exclusion constraint refuses it: other files move theirs on the
 * shared database too), a half hour earlier each time.
 */
export async function moveIntoPast(db: { query(sql: string, params: unknown[]): Promise<unknown> }, meetingId: string, minutesAgo: number): Promise<void> {
  for (let back = 0; back < 48; back++) {
    try {
      await db.query(`update meetings set starts_at = now() - make_interval(mins => $2::int), ends_at = now() - make_interval(mins => $2::int - 30) where id = $1`,
        [meetingId, minutesAgo + 30 * back]);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '23P01') throw error;
    }
  }
  throw new Error(`no free half hour in the past day for meeting ${meetingId}`);
}
