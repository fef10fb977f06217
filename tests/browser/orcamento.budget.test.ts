// /orcamento JS budget measured from the network in Chromium: nothing before the first touch, then what the
// page downloads for it (React included) stays within 80 KB gzip, and the scheduling dialog's chunk
// (react-day-picker, date-fns) is not among it: it arrives on the last step (idle prefetch) or on submit.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { afterIdle, newPage } from './support';
import { PHONE, dialog, expectStep, fillStep1, fillStep2, fillStep3, fillStep4, next, sampleLead, startHarness, type Harness } from './orcamento.fixtures';

const BUDGET = 80 * 1024;
/** The dialog's chunk is named after its entry module by the bundler. */
const isDialogChunk = (url: string) => /\/SchedulingDialog\.[\w-]+\.js$/.test(url);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Records every JavaScript response of the page with its gzip size (as a CDN would send it). */
function recordScripts(page: Page) {
  const seen = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!/javascript/.test(type) && response.request().resourceType() !== 'script') return;
    pending.push(
      response
        .body()
        .then((body) => void seen.set(response.url(), gzipSync(body, { level: 9 }).length))
        .catch(() => undefined),
    );
  });
  return {
    async settle() {
      await Promise.all(pending);
      return seen;
    },
  };
}

/** Inline scripts travel in the HTML; they are JavaScript too (JSON-LD is not). */
const inlineScriptGzip = (page: Page) =>
  page
    .evaluate(() =>
      Array.from(document.querySelectorAll('script:not([src])'))
        .filter((s) => !/json/i.test(s.getAttribute('type') ?? ''))
        .map((s) => s.textContent ?? '')
        .join('\n'),
    )
    .then((code) => gzipSync(Buffer.from(code), { level: 9 }).length);

/** Lets the page go idle (network quiet, idle callbacks run) without touching it. */
async function settleIdle(page: Page) {
  await page.waitForLoadState('networkidle');
  await afterIdle(page);
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('JS budget on /orcamento', () => {
  it('no JS file before the first touch, then ≤ 80 KB gzip including React; the dialog chunk loads only on the last step or submit', async () => {
    const { context, page } = await newPage(h.browser, PHONE);
    try {
      const scripts = recordScripts(page);
      await page.goto(`${h.url}/orcamento`);
      await settleIdle(page);
      // The service choice is plain links: no script file before the visitor's first touch or key.
      expect((await scripts.settle()).size).toBe(0);
      await page.keyboard.press('Tab');
      await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
      await settleIdle(page);
      const initial = await scripts.settle();
      const external = [...initial.values()].reduce((a, b) => a + b, 0);
      const inline = await inlineScriptGzip(page);
      const total = external + inline;
      console.info(`[budget] /orcamento initial JS: ${kb(total)} gzip (${initial.size} files ${kb(external)} + inline ${kb(inline)})`);
      for (const [url, size] of [...initial].sort((a, b) => b[1] - a[1])) console.info(`[budget]   ${kb(size).padStart(9)}  ${new URL(url).pathname}`);

      expect(initial.size).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(BUDGET);
      expect([...initial.keys()].filter(isDialogChunk)).toEqual([]);

      // The form's own code arrives when the form starts, still without the dialog.
      const lead = sampleLead();
      await page.locator('main').getByRole('link', { name: /^Consultoria/ }).click();
      await expectStep(page, 1, 'Informações Pessoais');
      await fillStep1(page, lead);
      await next(page);
      await fillStep2(page, lead);
      await next(page);
      await fillStep3(page, lead);
      await settleIdle(page);
      expect([...(await scripts.settle()).keys()].filter(isDialogChunk)).toEqual([]);

      // Last step: prefetched when idle, at the latest on submit; the dialog then opens from it.
      await next(page);
      await expectStep(page, 4, 'Modelo de Negócio');
      await fillStep4(page, lead);
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await dialog(page).waitFor();
      const after = await scripts.settle();
      const dialogChunks = [...after].filter(([url]) => isDialogChunk(url));
      expect(dialogChunks).toHaveLength(1);
      console.info(`[budget] dialog chunk: ${kb(dialogChunks[0][1])} gzip`);
    } finally {
      await context.close();
    }
  });

  // The form shows at once here, so its code, the validation rules and the toasts are fetched when
  // idle (logged for the report); the dialog still waits for the last step.
  it('a link from a service page (?servico=) does not load the dialog chunk', async () => {
    const { context, page } = await newPage(h.browser, PHONE);
    try {
      const scripts = recordScripts(page);
      await page.goto(`${h.url}/orcamento?servico=trafego`);
      await expectStep(page, 1, 'Informações Pessoais');
      await settleIdle(page);
      const loaded = await scripts.settle();
      const total = [...loaded.values()].reduce((a, b) => a + b, 0) + (await inlineScriptGzip(page));
      console.info(`[budget] /orcamento?servico=trafego JS after idle: ${kb(total)} gzip`);
      expect([...loaded.keys()].filter(isDialogChunk)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
