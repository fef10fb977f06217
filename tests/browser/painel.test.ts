// /painel end to end at 390 px on the real server and database: the mentor reads the code from the .eml,
// signs in with the keyboard, finds a lead by its CNPJ digits, opens the meeting, records "Compareceu",
// exports the CSV and parses it back; axe (WCAG 2.1 A/AA) clean in every state on the way.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeMail } from '../../src/domain/painel/copy';
import { axeViolations } from './support';
import { PHONE } from './orcamento.fixtures';
import { bookThroughApi, outbox, to, waitForMails } from './reuniao.fixtures';
import { MENTOR, moveIntoPast, painelHarness, visitorHeaders } from './painel.fixtures';

const CNPJ = '45.723.174/0001-10';
const CNPJ_DIGITS = '45723174000110';
const NAME = '=HYPERLINK("x")';

const { h } = painelHarness();

/** A lead booked through the real endpoints; the meeting is then moved an hour into the past, as if it happened. */
async function leadWithPastMeeting(email: string): Promise<string> {
  const { meetingId: id } = await bookThroughApi(h.url, h.dataDir, email, { nomeCompleto: NAME, cnpj: CNPJ });
  // Time passes: the meeting started an hour ago (its history keeps the booking as it was made).
  await moveIntoPast(h.db, id, 60);
  return id;
}

async function expectAxeClean(page: Page, state: string) {
  expect(await axeViolations(page), state).toEqual([]);
}

describe('/painel: the mentor on a phone', () => {
  it('signs in with the e-mailed code, finds the lead by CNPJ digits, records "Compareceu" and exports the CSV', async () => {
    // In the test, not in beforeAll: the booking waits for its confirmation mail with expect.poll.
    const meetingId = await leadWithPastMeeting(`painel.${Date.now()}@hyperlink.com.br`);
    const context = await h.browser.newContext({ viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce', acceptDownloads: true, extraHTTPHeaders: visitorHeaders() });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    try {
      const response = await page.goto(`${h.url}/painel`);
      expect(response?.headers()['x-robots-tag']).toMatch(/noindex/);
      await page.getByRole('heading', { name: 'Entrar' }).waitFor();
      // No tag manager on a page of leads' data, so no consent to ask for.
      expect(await page.getByText('Sua privacidade').count()).toBe(0);
      expect(await page.locator('[data-consent-open], meta[name="gtm-id"]').count()).toBe(0);
      await expectAxeClean(page, 'sign-in');

      const codesBefore = (await outbox(h.dataDir)).filter((m) => to(MENTOR)(m) && m.subject === codeMail.subject).length;
      // Keyboard only: Tab to the field, type, Enter.
      await page.keyboard.press('Tab');
      while (!(await page.getByLabel('E-mail').evaluate((el) => el === document.activeElement))) await page.keyboard.press('Tab');
      await page.keyboard.type(MENTOR);
      await page.keyboard.press('Enter');
      const codeField = page.getByLabel('Código');
      await codeField.waitFor();
      await expect.poll(() => codeField.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectAxeClean(page, 'code sent');

      // The newest sign-in mail (files are named by their time); other tests on this site may have asked before.
      const mail = (await waitForMails(h.dataDir, (m) => to(MENTOR)(m) && m.subject === codeMail.subject, codesBefore + 1)).at(-1)!;
      const code = /é: ([A-Z0-9]{8})/.exec(mail.text)![1];
      // A wrong code first: the error is announced and the focus stays on the field.
      await page.keyboard.type('AAAAAAAA');
      await page.keyboard.press('Enter');
      await page.getByText('Código inválido ou expirado').waitFor();
      await expect.poll(() => codeField.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectAxeClean(page, 'wrong code');
      await codeField.fill(code);
      await page.keyboard.press('Enter');

      await page.getByRole('navigation', { name: 'Seções do painel' }).waitFor();
      const cookies = await context.cookies();
      const session = cookies.find((c) => c.name === '__Host-painel')!;
      expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
      await expectAxeClean(page, 'reuniões');

      // Leads → Buscar by the CNPJ's digits.
      await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: 'Leads' }).click();
      await page.getByLabel('Buscar').fill(CNPJ_DIGITS);
      await page.getByRole('button', { name: 'Pesquisar' }).click();
      const row = page.locator('[data-row]:visible', { hasText: NAME });
      // The newest leads show before the search answers: wait for the list of the search itself (the
      // meetings' list stays mounted, hidden, behind the Leads section: only visible rows count).
      await expect.poll(() => page.locator('[data-row]:visible').count()).toBe(1);
      await row.waitFor();
      await expectAxeClean(page, 'lead found');
      await row.click();
      await page.getByText(CNPJ).first().waitFor();
      await expectAxeClean(page, 'lead');

      // The lead's meeting → "Compareceu", "Qualificado: Sim".
      await page.getByRole('button', { name: /Consultoria Empresarial ·|Consultoria ·/ }).first().click();
      await page.getByRole('button', { name: 'Registrar desfecho' }).waitFor();
      await expectAxeClean(page, 'meeting');
      await page.getByRole('radio', { name: 'Compareceu', exact: true }).check();
      await page.getByRole('radio', { name: 'Sim' }).check();
      await page.getByLabel(/Observação/).fill('Quer começar em janeiro.');
      await page.getByRole('button', { name: 'Registrar desfecho' }).click();
      await page.getByText('Desfecho registrado.').waitFor();
      await expectAxeClean(page, 'outcome recorded');
      const { rows } = await h.db.query<{ attendance: string; qualified: boolean; recorded_by: string }>(
        'select attendance, qualified, recorded_by from meeting_outcomes where meeting_id = $1', [meetingId]);
      expect(rows).toEqual([{ attendance: 'attended', qualified: true, recorded_by: MENTOR }]);

      // Back to Leads: the CSV of the current search.
      await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: 'Leads' }).click();
      await page.getByLabel('Buscar').fill(CNPJ_DIGITS);
      await page.getByRole('button', { name: 'Pesquisar' }).click();
      await expect.poll(() => page.locator('[data-row]:visible').count()).toBe(1);
      await page.locator('[data-row]:visible', { hasText: NAME }).waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV' }).click()]);
      const bytes = await readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.subarray(3).toString('utf8');
      expect(text).toContain('\r\n');
      const [header, ...data] = parse(text, { delimiter: ';', record_delimiter: '\r\n' }) as string[][];
      expect(data).toHaveLength(1);
      expect(data[0][header.indexOf('Nome')]).toBe(`'${NAME}`);
      expect(data[0][header.indexOf('CNPJ')]).toBe(CNPJ);

      // No horizontal scroll at 390 px, and nothing went wrong on the way.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The one failure on the way is the wrong code typed on purpose (Chromium logs its 400).
      expect(problems).toEqual(['Failed to load resource: the server responded with a status of 400 (Bad Request)']);
    } finally {
      await context.close();
    }
  });
});
