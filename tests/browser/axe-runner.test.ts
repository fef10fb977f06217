// The axe check every browser test relies on (support.ts axeViolations) finds what it should: violations on a
// page that has them, none once they are fixed in the same document (axe is put there once and runs again on
// the DOM as it is then), and the state a fade ends in rather than a frame of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, launchBrowser, newPage, VIEWPORTS } from './support';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser, VIEWPORTS.mobile, { reducedMotion: 'no-preference' }));
});
afterAll(() => browser?.close());

const PAGE = `<!doctype html><html lang="pt-BR"><head><title>Teste</title><style>
  .faint { color: #777; background: #fff; }
  .fade { transition: opacity 400ms linear; }
</style></head><body><main><h1>Teste</h1>
  <p class="faint" id="faint">Texto com pouco contraste</p>
  <img id="img" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10">
  <button id="fading" class="fade" style="opacity: 0.3; color: #fff; background: #1d4ed8">Confirmar</button>
</main></body></html>`;

describe('axeViolations', () => {
  it('names each violation, and none once the same document is fixed', async () => {
    await page.setContent(PAGE);
    await page.evaluate(() => document.getElementById('fading')!.remove());
    const found = await axeViolations(page);
    expect(found).toEqual(expect.arrayContaining(['image-alt: #img', 'color-contrast: #faint']));
    expect(found).toHaveLength(2);
    await page.evaluate(() => {
      document.getElementById('img')!.setAttribute('alt', 'Um ponto');
      document.getElementById('faint')!.style.color = '#333';
    });
    expect(await axeViolations(page)).toEqual([]);
  });

  it('checks the state a running transition ends in', async () => {
    await page.setContent(PAGE);
    await page.evaluate(() => {
      document.getElementById('img')!.setAttribute('alt', 'Um ponto');
      document.getElementById('faint')!.style.color = '#333';
    });
    // Faint while the button fades in: at 30 % opacity its white text fails color-contrast.
    expect(await axeViolations(page)).toEqual(['color-contrast: #fading']);
    await page.evaluate(() => {
      const button = document.getElementById('fading')!;
      button.style.opacity = '1';
    });
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
  });
});
