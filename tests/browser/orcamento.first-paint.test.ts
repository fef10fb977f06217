// Arriving from a service page (/orcamento?servico=…) shows the form without the service choice flashing first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, newPage, VIEWPORTS } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Whether the service choice is displayed when the document is parsed, before any island hydrates. */
async function choiceAtFirstParse(path: string) {
  const { context, page } = await newPage(browser, VIEWPORTS.mobile);
  await context.route('**/_astro/*.js', async (route) => {
    // Hold back every script a moment so "before hydration" is a real, observable state.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.continue();
  });
  await page.goto(`${BASE_URL}${path}`, { waitUntil: 'domcontentloaded' });
  const early = await page.evaluate(() => ({
    flagged: document.documentElement.hasAttribute('data-quote-form'),
    choiceShown: getComputedStyle(document.querySelector('[data-service-choice]')!).display !== 'none',
  }));
  return { context, page, early };
}

describe('/orcamento first paint', () => {
  it('with ?servico= the service choice never shows; the form replaces the reserved space', async () => {
    const { context, page, early } = await choiceAtFirstParse('/orcamento?servico=consultoria');
    expect(early).toEqual({ flagged: true, choiceShown: false });
    await page.getByRole('textbox', { name: /Nome completo/ }).waitFor();
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-quote-form'));
    await context.close();
  });

  it('without it the service choice shows at once', async () => {
    const { context, early } = await choiceAtFirstParse('/orcamento');
    expect(early).toEqual({ flagged: false, choiceShown: true });
    await context.close();
  });
});
