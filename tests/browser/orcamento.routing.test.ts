// Issue 19's acceptance for the qualification rules: a rule sending B2C leads with revenue below R$ 50 mil
// to no meeting → the wizard shows the rule's message and link, and no calendar request is made.
//
// How the test gets its rules: the wizard never reads them; it learns a lead's route from POST
// /api/leads's answer, and the functions read the rules in force from the database on each lead. So this
// file puts its rules in the shared database (restored after) and uses a second server of the built site
// (as the rate-limit file does): no second build of the site.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onWorkerDatabase, site as workerSite } from './site';
import type { Browser, Page } from 'playwright-core';
import { startSite } from '../support/site-process.mjs';
import { axeViolations, launchBrowser, newPage } from './support';
import { B2C_MESSAGE, replaceRules } from '../support/routing-rules.mjs';
import { DESKTOP, dialog, fillWholeForm, PHONE, sampleLead } from './orcamento.fixtures';

const MESSAGE = B2C_MESSAGE;
const RULES = [
  {
    nome: 'B2C abaixo de R$ 50 mil', quando: { modeloNegocio: ['b2c'], faturamento: ['0-50'] },
    destino: { semReuniao: { mensagem: MESSAGE, link: { texto: 'Ver o material', url: 'https://blog.mentorsolar.com.br' } } },
  },
  { nome: 'Todos os leads', destino: { equipe: 'todos' } },
];

let restore: () => Promise<void>;
let site: Awaited<ReturnType<typeof startSite>>;
let browser: Browser;
let sql: postgres.Sql;

beforeAll(async () => {
  const databaseUrl = workerSite.databaseUrl;
  site = await startSite({ env: onWorkerDatabase({ RATE_LIMITS: 'off' }), label: 'site with test routing rules' });
  sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  restore = await replaceRules(sql, RULES);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await restore?.();
  await sql?.end({ timeout: 5 });
  await site?.stop();
});

/** Every request the page makes to /api/availability (the calendar's). */
function availabilityRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/availability')) seen.push(r.url());
  });
  return seen;
}

describe.each([['phone', PHONE], ['desktop', DESKTOP]] as const)('qualification rules on %s', (_name, viewport) => {
  it('B2C below R$ 50 mil: the rule’s message and link instead of the calendar, and no availability request', async () => {
    const lead = sampleLead({ modeloNegocio: 'b2c', faturamento: '0-50' });
    const { context, page } = await newPage(browser, viewport);
    try {
      const calendar = availabilityRequests(page);
      await fillWholeForm(page, site.url, 'Consultoria', lead);
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      const panel = page.getByTestId('sem-reuniao');
      await panel.getByRole('heading', { name: 'Recebemos seus dados' }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('sem-reuniao-titulo');
      expect(await panel.innerText()).toContain(MESSAGE);
      const link = panel.getByRole('link', { name: 'Ver o material' });
      expect(await link.getAttribute('href')).toBe('https://blog.mentorsolar.com.br');
      expect(await axeViolations(page)).toEqual([]);

      // The notice ends the form: the filled step 4 and "Finalizar e Agendar" are gone, and no calendar opens.
      expect(await page.getByRole('button', { name: 'Finalizar e Agendar' }).count()).toBe(0);
      expect(await page.locator('form[aria-labelledby="etapa-titulo"]').count()).toBe(0);
      await page.waitForLoadState('networkidle');
      expect(await dialog(page).count()).toBe(0);
      expect(await page.getByText('Dados salvos com sucesso!').count()).toBe(0);
      expect(calendar).toEqual([]);

      const rows = await sql<{ servico: string; routing_rule: string; routing_kind: string }[]>`
        select servico, routing_rule, routing_kind from leads where email = ${lead.email}`;
      expect(rows).toEqual([{ servico: 'consultoria', routing_rule: 'B2C abaixo de R$ 50 mil', routing_kind: 'none' }]);
    } finally {
      await context.close();
    }
  });

  it('the same server sends any other lead to the calendar (the rule, not the test, keeps the dialog shut)', async () => {
    const lead = sampleLead({ modeloNegocio: 'b2c', faturamento: '50-100' });
    const { context, page } = await newPage(browser, viewport);
    try {
      const calendar = availabilityRequests(page);
      await fillWholeForm(page, site.url, 'Tráfego Pago', lead);
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await dialog(page).waitFor();
      await expect.poll(() => calendar.length).toBeGreaterThan(0);
      expect(await page.getByTestId('sem-reuniao').count()).toBe(0);
      const rows = await sql<{ servico: string; routing_kind: string }[]>`select servico, routing_kind from leads where email = ${lead.email}`;
      expect(rows).toEqual([{ servico: 'trafego', routing_kind: 'team' }]);
    } finally {
      await context.close();
    }
  });
});
