// "Enviar link para reagendar" in the painel (issue 32 item 3), as cases of painel-address.test.ts (on its
// one mentor sign-in: codes are limited per address per hour): before the meeting the lead's mail
// carries the meeting's manage link, and a second press says when another may go; after a no-show the
// mail's link opens the scheduling dialog for the same lead. Each mail read from the loopback SMTP server.
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { rebookCopy } from '../../functions/lib/mail/rebook-messages';
import { rebookLinkCopy } from '../../src/domain/painel/meeting-copy';
import { axeViolations } from './support';
import { PHONE, dialog, type Harness } from './orcamento.fixtures';
import { bookThroughApi, manageLink, to, waitForMails } from './reuniao.fixtures';
import { moveIntoPast } from './painel.fixtures';

async function expectAxeClean(page: Page, state: string) {
  expect(await axeViolations(page), state).toEqual([]);
}

export function rebookLinkCases(harness: () => Harness, session: () => BrowserContext | null) {
  it('"Enviar link para reagendar" before the meeting: the lead\'s mail carries the manage link; a second press says when', async () => {
    const h = harness();
    const context = session();
    if (!context) throw new Error('the first test signs in');
    const email = `link.${Date.now()}@solarbrasil.com.br`;
    const { meetingId } = await bookThroughApi(h.url, h.dataDir, email);
    const page = await context.newPage();
    try {
      await page.goto(`${h.url}/painel#reuniao=${meetingId}`);
      const button = page.getByRole('button', { name: rebookLinkCopy.button });
      await button.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: rebookLinkCopy.sent }).waitFor();
      await expectAxeClean(page, 'link sent');
      await button.click();
      await page.getByRole('alert').filter({ hasText: /^Um link para reagendar acabou de ser enviado a este lead\. Para enviar outro, tente de novo às \d\d:\d\d\.$/ }).waitFor();
      await expectAxeClean(page, 'link refused: just sent');
    } finally {
      await page.close();
    }
    const mails = await waitForMails(h.dataDir, (m) => to(email)(m) && m.subject.startsWith('Escolha um novo horário'));
    expect(mails).toHaveLength(1);
    expect(manageLink(mails[0], h.url).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mails[0].text).toContain(rebookCopy.openAfter);
  });

  it('"Enviar link para reagendar" after a no-show: the mail\'s link opens the scheduling dialog for the same lead', async () => {
    const h = harness();
    const context = session();
    if (!context) throw new Error('the first test signs in');
    const email = `faltou.${Date.now()}@solarbrasil.com.br`;
    const { meetingId } = await bookThroughApi(h.url, h.dataDir, email);
    // Time passes: the meeting started two hours ago (other cases move theirs to other hours: one consultant's meetings never overlap).
    await moveIntoPast(h.db, meetingId, 120);
    const page = await context.newPage();
    try {
      await page.goto(`${h.url}/painel#reuniao=${meetingId}`);
      // No outcome yet: no button; once "Lead não compareceu" is saved, it is there.
      await page.getByRole('button', { name: 'Registrar desfecho' }).waitFor();
      expect(await page.getByRole('button', { name: rebookLinkCopy.button }).count()).toBe(0);
      await page.getByRole('radio', { name: 'Lead não compareceu' }).check();
      await page.getByRole('button', { name: 'Registrar desfecho' }).click();
      await page.getByText('Desfecho registrado.').waitFor();
      await page.getByRole('button', { name: rebookLinkCopy.button }).click();
      await page.getByRole('status').filter({ hasText: rebookLinkCopy.sent }).waitFor();
      await expectAxeClean(page, 'no-show link sent');
    } finally {
      await page.close();
    }
    const [mail] = await waitForMails(h.dataDir, (m) => to(email)(m) && m.subject.startsWith('Vamos remarcar sua reunião'));
    const token = /\/orcamento#agendar=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    const lead = await h.browser.newContext({ viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce' });
    try {
      const leadPage = await lead.newPage();
      await leadPage.goto(`${h.url}/orcamento#agendar=${token}`);
      await dialog(leadPage).waitFor();
    } finally {
      await lead.close();
    }
  });
}
