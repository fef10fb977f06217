// Signing in to /painel as a browser does: the code is read from the mail the site wrote; and the frame
// every painel test file shares (painelHarness).
import { afterAll, beforeAll } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { codeMail } from '../../src/domain/painel/copy';
import { PHONE, startHarness, type Harness } from './orcamento.fixtures';
import { bookThroughApi, outbox, to, waitForMails } from './reuniao.fixtures';
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

/**
 * A lead named `name` booked through the real endpoints, its meeting moved `minutesAgo` into the past; with
 * the consultant's id and the meeting's day (Brasília), as the meetings list filters them.
 */
export async function pastMeeting(h: Harness, email: string, name: string, minutesAgo: number) {
  const { meetingId } = await bookThroughApi(h.url, h.dataDir, email, { nomeCompleto: name });
  await moveIntoPast(h.db, meetingId, minutesAgo);
  const { rows } = await h.db.query<{ preseller_id: string; day: string }>(
    `select preseller_id, to_char(starts_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as day from meetings where id = $1`, [meetingId]);
  return { meetingId, consultor: rows[0].preseller_id, day: rows[0].day };
}

/** The mentor of the seed data: every painel file signs them in. */
export const MENTOR = 'contato@mentorsolar.com.br';

/** A section's button in the console's navigation. */
export const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name });

/**
 * A painel test file's frame, to call once at the top of the file: the site harness (started in beforeAll,
 * closed in afterAll) and the mentor's one session at 390 px (sharedSession: signed in on first use only).
 * `h` stands for the harness before it has started, so the file reads `h.url`, `h.db` as with its own; it
 * may be used from beforeAll on. `env`: a site of the file's own with these variables (startHarness).
 */
export function painelHarness(options: { env?: Record<string, string> } = {}) {
  let started: Harness | undefined;
  const harness = () => {
    if (!started) throw new Error('painelHarness: the harness starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startHarness(options);
  });
  const mentor = sharedSession(harness, MENTOR, PHONE);
  afterAll(async () => {
    await mentor.close();
    await started?.close();
  });
  const h = new Proxy({} as Harness, { get: (_, key) => Reflect.get(harness(), key) });
  return { h, mentor };
}
