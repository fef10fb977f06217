// Shared pieces of the /orcamento browser tests: the site with its database, form filling, calendar.
import postgres from 'postgres';
import { expect } from 'vitest';
import { onWorkerDatabase, site as workerSite } from './site';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from './support';
import { startSite } from '../support/site-process.mjs';
import type { LeadFormValues } from '../../src/domain/lead-form';

/** Spec viewports for this issue: a mid-range phone and a laptop. */
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** The domain's form values; outroSegmento may be left out. */
export type Lead = Omit<LeadFormValues, 'outroSegmento'> & { outroSegmento?: string };

let counter = 0;
/** A valid lead; the email is unique per call so each test finds its own rows. */
export function sampleLead(overrides: Partial<Lead> = {}): Lead {
  counter += 1;
  return {
    nomeCompleto: 'Maria da Silva Souza',
    cargo: 'diretor-comercial',
    email: `maria.${Date.now()}.${counter}@solarbrasil.com.br`,
    telefone: '43991234567',
    nomeEmpresa: 'Solar Brasil Energia',
    cnpj: '11222333000181',
    faturamento: '1000-5000',
    numeroVendedores: '6-10',
    segmento: 'energia-solar',
    modeloNegocio: 'b2b',
    ...overrides,
  };
}

type Db = { query: <T>(sql: string, params?: unknown[]) => Promise<{ rows: T[] }> };

export interface Harness {
  url: string;
  /** The server's DATA_DIR: its mail is written under `${dataDir}/outbox` as .eml files. */
  dataDir: string;
  browser: Browser;
  /** The database the functions write to (shared by every browser file: find rows by the test's own email). */
  db: Db;
  close: () => Promise<void>;
}

/**
 * This worker's site (tests/browser/site.ts), a connection to its database and a Chromium.
 * `rateLimits`: a second server with each function's rate limit on, over the same database, for the
 * tests of the limits only (the shared site runs without them).
 */
/** rateLimits or env (e.g. CONTEXT=dev for local calendar links): a site of its own on the shared database. */
export async function startHarness(options: { rateLimits?: boolean; env?: Record<string, string> } = {}): Promise<Harness> {
  const databaseUrl = workerSite.databaseUrl;
  const site = options.rateLimits || options.env
    ? await startSite({ env: onWorkerDatabase({ RATE_LIMITS: options.rateLimits ? 'on' : 'off', ...options.env }), label: options.rateLimits ? 'site with rate limits' : 'site (own env)' })
    : { url: workerSite.url, dataDir: workerSite.dataDir, stop: async () => {} };
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
  const db: Db = { query: async <T>(text: string, params: unknown[] = []) => ({ rows: (await sql.unsafe(text, params as never[])) as unknown as T[] }) };
  const browser = await launchBrowser();
  return {
    url: site.url,
    dataDir: site.dataDir,
    browser,
    db,
    async close() {
      await browser.close();
      await sql.end({ timeout: 5 });
      await site.stop();
    },
  };
}

export const field = (page: Page, name: string) => page.locator(`#campo-${name}`);

export async function fillStep1(page: Page, lead: Lead) {
  await page.getByLabel('Nome completo').fill(lead.nomeCompleto);
  await page.getByLabel('Cargo').selectOption(lead.cargo);
  await page.getByLabel('Email').fill(lead.email);
  // By id: the box for measuring the ads (its label says "e-mail e telefone") may share the step.
  await field(page, 'telefone').pressSequentially(lead.telefone);
}

export async function fillStep2(page: Page, lead: Lead) {
  await page.getByLabel('Nome da empresa').fill(lead.nomeEmpresa);
  await page.getByLabel('CNPJ').pressSequentially(lead.cnpj);
  await page.getByLabel('Faturamento mensal').selectOption(lead.faturamento);
  await page.getByLabel('Número de vendedores').selectOption(lead.numeroVendedores);
}

export async function fillStep3(page: Page, lead: Lead) {
  await page.locator(`input[name="segmento"][value="${lead.segmento}"]`).check();
  if (lead.segmento === 'outro') await page.getByLabel('Qual é o seu segmento?').fill(lead.outroSegmento ?? '');
}

export async function fillStep4(page: Page, lead: Lead) {
  await page.locator(`input[name="modeloNegocio"][value="${lead.modeloNegocio}"]`).check();
}

export const next = (page: Page) => page.getByRole('button', { name: 'Próximo' }).click();

export async function expectStep(page: Page, step: number, title: string) {
  await page.getByText(`Etapa ${step} de 4`).waitFor();
  await page.getByRole('heading', { level: 2, name: title }).waitFor();
}

/**
 * Opens /orcamento, picks the service and fills the four steps (stops before Finalizar). `afterStep1` runs
 * once step 1 is filled, before Próximo (e.g. to read how a field shows what was typed).
 */
export async function fillWholeForm(page: Page, url: string, service: 'Consultoria' | 'Tráfego Pago', lead: Lead, afterStep1?: () => Promise<void>) {
  await page.goto(`${url}/orcamento`);
  await page.locator('main').getByRole('link', { name: new RegExp(`^${service}`) }).click();
  await fillSteps(page, lead, afterStep1);
}

/** From step 1 of a chosen service, fills the four steps (stops before Finalizar). */
export async function fillSteps(page: Page, lead: Lead, afterStep1?: () => Promise<void>) {
  await expectStep(page, 1, 'Informações Pessoais');
  await fillStep1(page, lead);
  await afterStep1?.();
  await next(page);
  await expectStep(page, 2, 'Informações da Empresa');
  await fillStep2(page, lead);
  await next(page);
  await expectStep(page, 3, 'Segmento de Atuação');
  await fillStep3(page, lead);
  await next(page);
  await expectStep(page, 4, 'Modelo de Negócio');
  await fillStep4(page, lead);
}

export const dialog = (page: Page) => page.getByRole('dialog', { name: 'Agende sua Reunião' });

/** Enabled day buttons of a calendar (`scope`: the booking dialog, or another one); they depend on the real "now". */
const enabledDaysIn = (scope: Locator) => scope.locator('td[role="gridcell"]:not([data-disabled="true"]) button.rdp-day_button');
/** Enabled day buttons of the booking dialog's calendar. */
export const enabledDays = (page: Page) => enabledDaysIn(dialog(page));

/** Clicks the first bookable day and waits for its slots; returns the chosen day's cell date (YYYY-MM-DD). */
export async function pickFirstAvailableDay(page: Page): Promise<string> {
  const day = enabledDays(page).first();
  await day.waitFor();
  const iso = await day.locator('xpath=..').getAttribute('data-day');
  await day.click();
  await slotButtons(page).first().waitFor();
  expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return iso as string;
}

export const slotButtons = (page: Page) => dialog(page).locator('section[aria-labelledby="horarios-titulo"] button');

/** A calendar's "next month" button (react-day-picker's). */
const nextMonth = (scope: Locator) => scope.locator('.rdp-button_next');

/*
 * Late in a month, or late in a day, the month the dialog opens on may have one bookable day, and the nearest
 * day one or two free times, the rest taken by the bookings of the files before (two tests failed so in a fresh
 * clone at 14:10 in Brasília on Friday 27 November: left were today's 17:00 and 17:30 and Monday the 30th).
 * Tests that need more room than "a day and a time" ask for it with these two.
 */

/**
 * Shows a month with at least `count` bookable days: this one, or the next; in the booking dialog, or in the
 * calendar of `scope` (e.g. /reuniao's "Reagende sua Reunião").
 */
export async function showMonthWithDays(page: Page, count: number, scope: Locator = dialog(page)): Promise<void> {
  const days = enabledDaysIn(scope);
  // A day is enabled only once the month's availability has arrived: from then on the count is final.
  await days.first().waitFor();
  if ((await days.count()) >= count) return;
  await nextMonth(scope).click();
  await expect.poll(() => days.count()).toBeGreaterThanOrEqual(count);
}

/** Clicks the first bookable day offering at least `times` times (this month or the next); returns it (YYYY-MM-DD). */
export async function pickDayWithTimes(page: Page, times: number): Promise<string> {
  await enabledDays(page).first().waitFor();
  for (let month = 0; month < 2; month += 1) {
    const days = await enabledDays(page).count();
    for (let index = 0; index < days; index += 1) {
      const day = enabledDays(page).nth(index);
      const iso = await day.locator('xpath=..').getAttribute('data-day');
      await day.click();
      await slotButtons(page).first().waitFor();
      if ((await slotButtons(page).count()) >= times) {
        expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        return iso as string;
      }
    }
    await nextMonth(dialog(page)).click();
    await enabledDays(page).first().waitFor();
  }
  throw new Error(`no bookable day with ${times} free times in this month or the next`);
}

/**
 * Waits for a message with this title (and description, when given) and returns it: a page toast, or the
 * scheduling dialog's inline message (what is raised while the dialog is open shows inside it).
 */
export async function toast(page: Page, title: string, description?: string | RegExp) {
  const toasts = page.locator('[data-sonner-toast]').filter({ has: page.locator('[data-title]', { hasText: title }) });
  const inline = page.getByTestId('agendamento-mensagem').locator('p').filter({ has: page.locator('strong', { hasText: title }) });
  let item = toasts.or(inline);
  if (description !== undefined) item = item.filter({ hasText: description });
  await item.first().waitFor();
  return item.first();
}

export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** dd/MM/yyyy of a YYYY-MM-DD. */
export const brDate = (iso: string) => iso.split('-').reverse().join('/');

/** Analytics events the page pushed (window.dataLayer). */
export const events = (page: Page) =>
  page.evaluate(() => (window.dataLayer ?? []).map((e) => ({ ...(e as Record<string, unknown>) })) as Record<string, unknown>[]);
