// Issue 22, item 6 (WCAG 2.4.11 Focus Not Obscured): with the cookie banner open, at 390 px and 1280 px,
// Tab through the whole page at every step of the quote wizard (/orcamento?servico=consultoria, every
// field filled with valid values, Próximo to the next step) and through /reuniao for a real meeting: the
// focused element's box never meets the banner's box and is inside the window. Checked by geometry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { leadSteps } from '../../src/domain/lead-form';
import { DESKTOP, PHONE, expectStep, fillStep1, fillStep2, fillStep3, fillStep4, next, sampleLead, startHarness, type Harness } from './orcamento.fixtures';
import { bookThroughApi } from './reuniao.fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type Box = { top: number; bottom: number; left: number; right: number };
type Focused = { label: string; name: string | null; inBanner: boolean; bannerOpen: boolean; box: Box; banner: Box; windowHeight: number };

/** What has focus, its box and the banner's, measured after the scroll that focusing caused has been painted. */
function focused(page: Page): Promise<Focused> {
  return page.evaluate(
    () =>
      new Promise<Focused>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const el = document.activeElement as HTMLElement;
            const banner = document.getElementById('consentimento')!;
            const box = ({ top, bottom, left, right }: DOMRect) => ({ top, bottom, left, right });
            resolve({
              label: `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`,
              name: el.getAttribute('name'),
              inBanner: banner.contains(el),
              bannerOpen: !banner.hidden,
              box: box(el.getBoundingClientRect()),
              banner: box(banner.getBoundingClientRect()),
              windowHeight: innerHeight,
            });
          }),
        ),
      ),
  );
}

const meets = (a: Box, b: Box) => a.top < b.bottom && a.bottom > b.top && a.left < b.right && a.right > b.left;

/**
 * From the skip link (the page's first stop), Tab until the focus reaches the banner (the last part of
 * the page): every stop on the way is checked. Returns the stops.
 */
async function tabThroughPage(page: Page): Promise<Focused[]> {
  await page.locator('a[href="#conteudo"]').focus();
  const stops: Focused[] = [];
  for (let i = 0; i < 120; i++) {
    const f = await focused(page);
    expect(f.bannerOpen, 'the banner stays open').toBe(true);
    if (f.inBanner) return stops;
    stops.push(f);
    await page.keyboard.press('Tab');
  }
  throw new Error(`the focus never reached the banner: ${stops.map((s) => s.label).join(', ')}`);
}

function expectNoneCovered(stops: Focused[]) {
  const covered = stops.filter((s) => s.box.bottom > s.box.top && meets(s.box, s.banner)).map((s) => `${s.label} ${JSON.stringify(s.box)} vs banner ${JSON.stringify(s.banner)}`);
  expect(covered).toEqual([]);
  const outside = stops.filter((s) => s.box.bottom > s.box.top && (s.box.top < 0 || s.box.bottom > s.windowHeight)).map((s) => `${s.label} ${JSON.stringify(s.box)}`);
  expect(outside).toEqual([]);
}

async function openWithBanner(viewport: { width: number; height: number }) {
  const context = await h.browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page };
}

describe.each([
  ['390 px', PHONE],
  ['1280 px', DESKTOP],
])('the cookie banner hides nothing that has focus, at %s', (_, viewport) => {
  it('every field of the four steps of /orcamento?servico=consultoria', async () => {
    const { context, page } = await openWithBanner(viewport);
    try {
      const lead = sampleLead({ segmento: 'outro', outroSegmento: 'Agronegócio' });
      await page.goto(`${h.url}/orcamento?servico=consultoria`);
      const steps = [
        { title: 'Informações Pessoais', fill: fillStep1 },
        { title: 'Informações da Empresa', fill: fillStep2 },
        { title: 'Segmento de Atuação', fill: fillStep3 },
        { title: 'Modelo de Negócio', fill: fillStep4 },
      ];
      for (const [index, step] of steps.entries()) {
        await expectStep(page, index + 1, step.title);
        await page.locator('#consentimento').waitFor();
        await step.fill(page, lead);
        const stops = await tabThroughPage(page);
        // Every field of the step was a Tab stop (a radio group is one stop).
        const names = new Set(stops.map((s) => s.name));
        expect(leadSteps[index].filter((field) => !names.has(field))).toEqual([]);
        expectNoneCovered(stops);
        if (index < steps.length - 1) {
          await next(page);
          // Where the wizard puts the focus on the next step is not covered either.
          await expectStep(page, index + 2, steps[index + 1].title);
          expectNoneCovered([await focused(page)]);
        }
      }
    } finally {
      await context.close();
    }
  });

  it('every control of /reuniao, "Reagendar" and "Cancelar reunião" included', async () => {
    const { url } = await bookThroughApi(h.url, h.dataDir, sampleLead().email);
    const { context, page } = await openWithBanner(viewport);
    try {
      await page.goto(url);
      await page.locator('main').getByRole('button', { name: 'Cancelar reunião' }).waitFor();
      await page.locator('#consentimento').waitFor();
      const stops = await tabThroughPage(page);
      const labels = stops.map((s) => s.label);
      expect(labels.some((l) => l.includes('"Reagendar"'))).toBe(true);
      expect(labels.some((l) => l.includes('"Cancelar reunião"'))).toBe(true);
      expectNoneCovered(stops);
    } finally {
      await context.close();
    }
  });
});

describe('the room kept for the banner follows it', () => {
  it('is the strip the banner covers while open, nothing once a choice is made, and again when reopened from the footer', async () => {
    const { context, page } = await openWithBanner(PHONE);
    try {
      await page.goto(`${h.url}/`);
      const measure = () =>
        page.evaluate(() => {
          const banner = document.getElementById('consentimento')!;
          return {
            open: !banner.hidden,
            covered: Math.ceil(innerHeight - banner.getBoundingClientRect().top),
            padding: parseFloat(getComputedStyle(document.body).paddingBottom),
            scrollPadding: parseFloat(getComputedStyle(document.documentElement).scrollPaddingBottom) || 0,
          };
        });
      // Measured, not a guess: the strip the banner covers plus 8 px of air, once the page's script has
      // set it (it runs after the first paint; measuring at once raced it in CI).
      const keepsRoom = async () => {
        const m = await measure();
        return m.open && m.padding > 0 && Math.abs(m.padding - (m.covered + 8)) <= 1 && m.scrollPadding === m.padding;
      };
      await expect.poll(keepsRoom).toBe(true);

      // The first tap loads consent.ts (defer-assets.mjs), and the loader plays the click again once it has run.
      await page.locator('#consentimento').getByRole('button', { name: 'Recusar' }).click();
      await expect.poll(measure).toMatchObject({ open: false, padding: 0, scrollPadding: 0 });

      // That tap also started the full stylesheet and, through it, the web fonts: each relays the page out
      // when it arrives, and the footer moves. The footer's button is tapped once the page has settled;
      // the banner then comes back, and its room is measured again (the fonts may wrap its text otherwise).
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet));
      await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => void document.fonts.ready.then(() => resolve()))));
      // Every click the document sees from here, for the failure message: the reopen failed once in a
      // fresh-clone run (2026-12-02, 1 of 5 runs; not reproduced in 6 runs beside two CPU hogs), and whether
      // the tap reached the button or landed elsewhere tells a lost tap from a missed one.
      await page.evaluate(() => {
        const seen: string[] = ((window as unknown as { clicksSeen: string[] }).clicksSeen = []);
        addEventListener('click', (e) => seen.push(`${(e.target as Element).outerHTML.slice(0, 90)} at ${e.clientX},${e.clientY} trusted ${e.isTrusted}`), true);
      });
      const reopen = page.getByRole('button', { name: 'Preferências de cookies' });
      await reopen.click();
      await expect.poll(async () => (await measure()).open).toBe(true).catch(async (error: Error) => {
        const clicks = await page.evaluate(() => (window as unknown as { clicksSeen: string[] }).clicksSeen);
        throw new Error(`the banner is open again: ${error.message}; clicks seen: ${JSON.stringify(clicks)}; button at ${JSON.stringify(await reopen.boundingBox())}`);
      });
      await expect.poll(keepsRoom).toBe(true);
    } finally {
      await context.close();
    }
  });
});
