// /painel and issue 20 on the real server, at 390 px: a lead that came from a Google Ads campaign shows its
// first and last touch, the e-mail marketing opt-in, and its RD Station deliveries (one failed with RD's
// error, one sent with its event_uuid); the list shows the first touch; the mentor resends the failed one
// with the keyboard alone, the result is announced and focused; a consultant sees the same without the
// button; the mentor finds the lead again in Leads with "Integrações: Com falha ou pausadas", picked with the
// keyboard; axe (WCAG 2.1 A/AA) clean in each state.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { attributionCopy, integrationCopy } from '../../src/domain/painel/copy';
import { axeViolations } from './support';
import { painelHarness, section, signedIn } from './painel.fixtures';
import { PHONE } from './orcamento.fixtures';
import { bookThroughApi } from './reuniao.fixtures';

const NAME = 'Iara Integrações';
const FIRST = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'solar-pr', gclid: 'abc', referrer_host: 'www.google.com', landing_path: '/' };
const LAST = { utm_source: 'newsletter', utm_medium: 'email', landing_path: '/trafego-pago' };
const RD_ERROR = 'cf_x: campo personalizado não existe na conta';

const { h, mentor } = painelHarness();
let leadId: string;
let consultant: string;
const failedTitle = `${integrationCopy.resend}: ${integrationCopy.targets.rd} · ${integrationCopy.events['orcamento-site']}`;

/** One RD delivery of the lead in a given state (the site's targets may be off: the row is written here). */
async function rdDelivery(event: string, state: string) {
  const once = `rd:${event}:${leadId}`;
  await h.db.query(`insert into outbox (kind, message, lead_id, event, once_key, next_attempt_at)
    values ('rd', jsonb_build_object('event', $3::text, 'data', '{}'::jsonb), $1::uuid, $3::text, $2::text, '-infinity')
    on conflict (once_key) where once_key is not null do nothing`, [leadId, once, event]);
  await h.db.query(`update outbox set ${state} where once_key = $1`, [once]);
}

/** The lead, booked through the real endpoints, then given its touches and deliveries. In a test, not in
 *  beforeAll: the booking waits for its confirmation mail with expect.poll. */
async function setUpLead() {
  const email = `iara.${Date.now()}@integracoes.com.br`;
  const { meetingId } = await bookThroughApi(h.url, h.dataDir, email, { nomeCompleto: NAME });
  const { rows } = await h.db.query<{ lead_id: string; email: string }>(
    'select m.lead_id, p.email from meetings m join presellers p on p.id = m.preseller_id where m.id = $1', [meetingId]);
  [{ lead_id: leadId, email: consultant }] = rows;
  await h.db.query(`update leads set first_touch = $2::text::jsonb, last_touch = $3::text::jsonb, marketing_opt_in = true, marketing_opt_in_at = now() where id = $1`,
    [leadId, JSON.stringify(FIRST), JSON.stringify(LAST)]);
  await rdDelivery('orcamento-site', `attempts = 1, failed_at = now(), sent_at = null, last_status = 400, last_error = '${RD_ERROR}'`);
  await rdDelivery('reuniao-agendada', `attempts = 1, sent_at = now(), last_status = 200, response = '{"event_uuid":"ev-7f3a"}'`);
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const axeClean = async (page: Page, state: string) => expect(await axeViolations(page), state).toEqual([]);

/** Leads → Buscar the lead → its page; the list row shows the first touch on the way. */
async function openLead(page: Page) {
  await section(page, 'Leads').click();
  await page.getByLabel('Buscar').fill(NAME);
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect.poll(() => page.locator('[data-row]:visible').count()).toBe(1);
  const row = page.locator('[data-row]:visible', { hasText: NAME });
  expect(await row.locator('[data-touch]').innerText()).toBe(`${attributionCopy.listPrefix} google / cpc · solar-pr`);
  await row.click();
  await page.getByRole('heading', { name: NAME, level: 2 }).waitFor();
}

describe('/painel: attribution and integrations', () => {
  it('shows where the lead came from and its deliveries; the mentor resends the failed one by keyboard (390 px)', async () => {
    await setUpLead();
    const page = await mentor.page();
    try {
      await openLead(page);
      const origin = page.getByRole('region', { name: attributionCopy.title });
      await origin.getByRole('heading', { name: attributionCopy.firstTouch }).waitFor();
      for (const text of ['google', 'cpc', 'solar-pr', 'abc', 'www.google.com', 'newsletter', '/trafego-pago']) {
        expect(await origin.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
      }
      const consent = page.getByRole('region', { name: 'Consentimento' });
      expect(await consent.getByText(attributionCopy.optIn).count()).toBe(1);
      await consent.getByText(/^Sim, em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/).waitFor();

      const integrations = page.getByRole('region', { name: integrationCopy.title });
      const failed = integrations.getByRole('listitem').filter({ hasText: 'orcamento-site' });
      await failed.getByText(integrationCopy.statuses.failed, { exact: true }).waitFor();
      await failed.getByText(RD_ERROR).waitFor();
      await failed.getByText('400', { exact: true }).waitFor();
      const sent = integrations.getByRole('listitem').filter({ hasText: 'reuniao-agendada' });
      await sent.getByText(integrationCopy.statuses.sent, { exact: true }).waitFor();
      await sent.getByText('ev-7f3a').waitFor();
      expect(await sent.getByRole('button').count()).toBe(0);
      expect(await noHorizontalScroll(page)).toBe(true);
      await axeClean(page, 'lead with attribution and a failed delivery');

      // Keyboard only: Tab to "Reenviar", Enter.
      const button = integrations.getByRole('button', { name: failedTitle });
      for (let i = 0; i < 80 && !(await button.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      const status = integrations.getByRole('status').filter({ hasText: integrationCopy.resent(integrationCopy.targets.rd, integrationCopy.events['orcamento-site']) });
      await status.waitFor();
      // The button went with the failure: the announcement holds the focus.
      await expect.poll(() => status.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await failed.getByText(integrationCopy.statuses.failed, { exact: true }).count()).toBe(0);
      const { rows } = await h.db.query<{ failed_at: Date | null; attempts: number }>(`select failed_at, attempts from outbox where once_key = $1`, [`rd:orcamento-site:${leadId}`]);
      expect(rows[0].failed_at).toBeNull();
      const log = await h.db.query(`select 1 from painel_activity where action = 'resend:rd' and subject = $1::text`, [leadId]);
      expect(log.rows).toHaveLength(1);
      expect(await noHorizontalScroll(page)).toBe(true);
      await axeClean(page, 'after the resend');
    } finally {
      await page.close();
    }
  });

  it('a consultant sees the deliveries of their lead without "Reenviar"', async () => {
    await h.db.query(`update outbox set failed_at = now(), attempts = 1 where once_key = $1`, [`rd:orcamento-site:${leadId}`]);
    const { context, page } = await signedIn(h, consultant, PHONE);
    try {
      await openLead(page);
      const integrations = page.getByRole('region', { name: integrationCopy.title });
      await integrations.getByText(integrationCopy.statuses.failed, { exact: true }).waitFor();
      expect(await integrations.getByRole('button').count()).toBe(0);
      await axeClean(page, 'consultant');
    } finally {
      await context.close();
    }
  });

  it('the mentor lists the leads with a failed delivery: "Integrações" picked with the keyboard (390 px)', async () => {
    const page = await mentor.page();
    try {
      await section(page, 'Leads').click();
      await page.locator('[data-row]:visible').first().waitFor();
      const focused = (selector: string) => page.evaluate((s) => document.activeElement === document.querySelector(s), selector);
      const tabTo = async (selector: string) => {
        for (let i = 0; i < 80 && !(await focused(selector)); i++) await page.keyboard.press('Tab');
        expect(await focused(selector), selector).toBe(true);
      };
      await tabTo('section[aria-labelledby="painel-secao-leads"] summary');
      await page.keyboard.press('Enter');
      await tabTo('#leads-integracoes');
      const filtered = page.waitForResponse((r) => r.url().includes('integracoes=falha'));
      await page.keyboard.press('ArrowDown');
      expect(await page.locator('#leads-integracoes').inputValue()).toBe('falha');
      expect((await filtered).status()).toBe(200);
      expect(await page.getByLabel(integrationCopy.title).locator('option:checked').innerText()).toBe(integrationCopy.filters.falha);
      await page.locator('[data-row]:visible', { hasText: NAME }).waitFor();
      await page.getByText('Filtros (1 ativo)').waitFor();
      expect(await noHorizontalScroll(page)).toBe(true);
      await axeClean(page, 'leads filtered by a failed delivery');
    } finally {
      await page.close();
    }
  });
});
