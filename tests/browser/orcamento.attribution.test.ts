// Issue 20 in Chromium: a visitor lands from a campaign, reads a service page, then asks for a quote; the lead
// row holds the first and last touch and the e-mail opt-in, and nothing was put in a cookie.
// `visitFromCampaign` is the whole visit, for other checks of the same acceptance (RD Station, webhooks).
import postgres from 'postgres';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { site as workerSite } from './site';
import type { BrowserContext, Page } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '../support/postgres-db';
import { startReceiver, type Receiver } from '../support/receiver';
import { startSite } from '../support/site-process.mjs';
import { newPage } from './support';
import {
  DESKTOP, dialog, fillSteps, pickFirstAvailableDay, sampleLead, slotButtons, startHarness, toast,
  type Harness, type Lead,
} from './orcamento.fixtures';

const CAMPAIGN_QUERY = 'utm_source=google&utm_medium=cpc&utm_campaign=solar-pr&gclid=abc';
const OPT_IN_LABEL = 'Quero receber conteúdos por e-mail';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type TouchRow = { id: string; first_touch: Record<string, string> | null; last_touch: Record<string, string> | null; marketing_opt_in: boolean; marketing_opt_in_at: Date | null };

interface Visit {
  context: BrowserContext;
  page: Page;
  lead: Lead;
  /** The lead's row once saved. */
  row: TouchRow;
  /** Whether the opt-in box was unticked when the last step showed. */
  optInUntickedByDefault: boolean;
}

/**
 * Lands on `/?utm_…`, answers the cookie banner (Aceitar unless told), follows the menu to /trafego-pago and its call to action to /orcamento, fills the four
 * steps, ticks the opt-in box when asked, and submits ("Finalizar e Agendar") until the scheduling dialog opens.
 */
async function visitFromCampaign(harness: Harness, options: { optIn: boolean; cookies?: 'Aceitar' | 'Recusar' }): Promise<Visit> {
  const { context, page } = await newPage(harness.browser, DESKTOP);
  const lead = sampleLead();
  await page.goto(`${harness.url}/?${CAMPAIGN_QUERY}`);
  // The cookie banner's answer decides whether the ad click id is kept with the lead (src/domain/ad-ids.ts).
  await page.locator('#consentimento').getByRole('button', { name: options.cookies ?? 'Aceitar' }).click();
  await page.waitForFunction(() => localStorage.getItem('consentimento-cookies') !== null);
  await page.locator('header').getByRole('link', { name: 'Tráfego Pago' }).first().click();
  await page.waitForURL(`${harness.url}/trafego-pago`);
  await page.locator('main').getByRole('link', { name: /^Solicitar Proposta/ }).first().click();
  await page.waitForURL(/\/orcamento\?servico=trafego$/);
  await fillSteps(page, lead);
  const box = page.getByRole('checkbox', { name: OPT_IN_LABEL });
  const optInUntickedByDefault = !(await box.isChecked());
  if (options.optIn) await box.check();
  await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
  await toast(page, 'Dados salvos com sucesso!');
  await dialog(page).waitFor();
  const { rows } = await harness.db.query<TouchRow>(
    'select id, first_touch, last_touch, marketing_opt_in, marketing_opt_in_at from leads where email = $1', [lead.email]);
  expect(rows).toHaveLength(1);
  return { context, page, lead, row: rows[0], optInUntickedByDefault };
}

describe('attribution and e-mail opt-in, from a campaign click to the lead row', () => {
  it('stores the first and last touch and a ticked opt-in with its time; sets no cookie', async () => {
    const before = Date.now();
    const visit = await visitFromCampaign(h, { optIn: true });
    try {
      const first = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'solar-pr', gclid: 'abc', landing_path: '/' };
      // A first visit from a typed or pasted address has no referrer, so no referrer_host either.
      expect(visit.row.first_touch).toEqual(first);
      // The service page and the form were internal navigation: the landing stays the last touch too.
      expect(visit.row.last_touch).toEqual(first);
      expect(visit.optInUntickedByDefault).toBe(true);
      expect(visit.row.marketing_opt_in).toBe(true);
      expect(visit.row.marketing_opt_in_at!.getTime()).toBeGreaterThanOrEqual(before - 5000);
      // With the cookies accepted the browser's user agent is kept too (Meta's client_user_agent); no Meta
      // pixel on this site, so no _fbp/_fbc.
      const { rows } = await h.db.query<{ fbp: string | null; fbc: string | null; user_agent: string | null }>('select fbp, fbc, user_agent from leads where id = $1', [visit.row.id]);
      expect(rows[0]).toMatchObject({ fbp: null, fbc: null, user_agent: expect.stringMatching(/Chrom/) });
      expect(await visit.context.cookies()).toEqual([]);
      // The browser kept it in this tab's session storage only.
      const stored = await visit.page.evaluate(() => ({ session: sessionStorage.getItem('atribuicao'), local: localStorage.getItem('atribuicao') }));
      expect(JSON.parse(stored.session ?? 'null')).toEqual({ first, last: first });
      expect(stored.local).toBeNull();
    } finally {
      await visit.context.close();
    }
  });

  it('with the cookies refused, keeps the campaign but not the ad click id', async () => {
    const visit = await visitFromCampaign(h, { optIn: false, cookies: 'Recusar' });
    try {
      const campaign = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'solar-pr', landing_path: '/' };
      expect(visit.row.first_touch).toEqual(campaign);
      expect(visit.row.last_touch).toEqual(campaign);
      const { rows } = await h.db.query<{ fbp: string | null; fbc: string | null; user_agent: string | null }>('select fbp, fbc, user_agent from leads where id = $1', [visit.row.id]);
      expect(rows).toEqual([{ fbp: null, fbc: null, user_agent: null }]);
    } finally {
      await visit.context.close();
    }
  });

  it('an unticked box is stored as no opt-in; a later arrival from another site becomes the last touch', async () => {
    const { context, page } = await newPage(h.browser, DESKTOP);
    try {
      const lead = sampleLead();
      await page.goto(`${h.url}/palestras?utm_source=newsletter`);
      // Back from a search engine: the Referer header sets document.referrer (only its host is kept).
      await page.goto(`${h.url}/orcamento?servico=consultoria`, { referer: 'https://www.bing.com/search?q=mentor+solar' });
      await fillSteps(page, lead);
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await dialog(page).waitFor();
      const { rows } = await h.db.query<TouchRow>('select first_touch, last_touch, marketing_opt_in, marketing_opt_in_at from leads where email = $1', [lead.email]);
      expect(rows).toEqual([{
        first_touch: { utm_source: 'newsletter', landing_path: '/palestras' },
        last_touch: { referrer_host: 'www.bing.com', landing_path: '/orcamento' },
        marketing_opt_in: false,
        marketing_opt_in_at: null,
      }]);
      expect(await context.cookies()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

// The same visit on a site with RD Station and webhooks on, each pointed at a local receiver. Its own
// database, so enabling the integrations there queues nothing for the other browser files' site.
describe('the campaign reaches RD Station and the webhook, with the visit and the booking', () => {
  const RD_KEY = 'rd-browser-test-key-0123';
  const SECRET = `whsec_${Buffer.from('browser-test-secret-0123456789ab').toString('base64')}`;
  let rd: Receiver;
  let hook: Receiver;
  let database: TestDatabase;
  let sql: postgres.Sql;
  let site: Awaited<ReturnType<typeof startSite>>;
  let harness: Harness;

  beforeAll(async () => {
    rd = await startReceiver({ status: 200, body: JSON.stringify({ event_uuid: 'browser-uuid' }) });
    hook = await startReceiver({ status: 204 });
    database = await createTestDatabase(workerSite.databaseUrl.replace(/\/[^/]*$/, '/postgres'));
    sql = postgres(database.url, { max: 2, onnotice: () => {} });
    site = await startSite({
      env: { DATABASE_URL: database.url, RATE_LIMITS: 'off', RD_STATION_API_KEY: RD_KEY, RD_STATION_API_URL: rd.url, WEBHOOK_URL: `${hook.url}/n8n`, WEBHOOK_SECRET: SECRET },
      label: 'site with integrations',
    });
    harness = { ...h, url: site.url, dataDir: site.dataDir, db: { query: async <T>(text: string, params: unknown[] = []) => ({ rows: (await sql.unsafe(text, params as never[])) as unknown as T[] }) } };
  }, 180_000);
  afterAll(async () => {
    await site?.stop();
    await sql?.end({ timeout: 5 });
    await database?.drop();
    await rd?.close();
    await hook?.close();
  });

  it('books; RD gets orcamento-site and reuniao-agendada with the first touch; every webhook verifies; no cookie', async () => {
    const visit = await visitFromCampaign(harness, { optIn: false });
    try {
      const { page, lead } = visit;
      await pickFirstAvailableDay(page);
      await slotButtons(page).first().click();
      await dialog(page).getByRole('button', { name: 'Confirmar Agendamento' }).click();
      await toast(page, 'Agendamento realizado com sucesso!');
      expect(visit.row.first_touch).toMatchObject({ utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'solar-pr', gclid: 'abc', landing_path: '/' });
      expect(visit.row.last_touch).not.toBeNull();
      expect(await visit.context.cookies()).toEqual([]);

      // Delivered after each answer (the functions' background drain), without waiting for the minute's run.
      const conversions = () => rd.received.map((r) => JSON.parse(r.body).payload).filter((p) => p.email === lead.email);
      await expect.poll(() => conversions().map((p) => p.conversion_identifier).sort(), { timeout: 15_000 }).toEqual(['orcamento-site', 'reuniao-agendada']);
      for (const payload of conversions()) {
        expect(payload).toMatchObject({ traffic_source: 'google', traffic_medium: 'cpc', traffic_campaign: 'solar-pr', available_for_mailing: false, cf_servico: 'Tráfego Pago' });
        expect(payload).not.toHaveProperty('legal_bases');
      }
      expect(rd.received.every((r) => r.url === `/platform/conversions?api_key=${RD_KEY}`)).toBe(true);
      // The key never reaches the browser: not in any page or script the visit loaded.
      expect(await page.content()).not.toContain(RD_KEY);

      await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBe(2);
      const verifier = new Webhook(SECRET);
      const events = hook.received.map((r) => verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; data: { lead: { email: string; first_touch: unknown } } });
      expect(events.map((e) => e.type).sort()).toEqual(['lead.created', 'meeting.booked']);
      expect(events.every((e) => e.data.lead.email === lead.email)).toBe(true);
      expect(events[0].data.lead.first_touch).toEqual(visit.row.first_touch);

      // The receiver answers before the drain records the result (integration_result), so the rows are
      // read once all four are marked sent; then each was one attempt, and no receiver got a repeat.
      const deliveries = async () => (await harness.db.query<{ kind: string; sent: boolean; attempts: number }>(
        `select o.kind, o.sent_at is not null as sent, o.attempts from outbox o join leads l on l.id = o.lead_id
          where l.email = $1 and o.kind in ('rd', 'webhook') order by o.kind`, [lead.email])).rows;
      await expect.poll(async () => (await deliveries()).filter((r) => r.sent).length, { timeout: 15_000 }).toBe(4);
      expect(await deliveries()).toEqual([
        { kind: 'rd', sent: true, attempts: 1 }, { kind: 'rd', sent: true, attempts: 1 },
        { kind: 'webhook', sent: true, attempts: 1 }, { kind: 'webhook', sent: true, attempts: 1 },
      ]);
      expect(conversions()).toHaveLength(2);
      expect(hook.received).toHaveLength(2);
    } finally {
      await visit.context.close();
    }
  });
});
