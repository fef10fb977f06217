// Issue 22 on /orcamento, in Chromium against the real site and database: the confirmation that stays, an
// email that already holds a meeting (no calendar, no detail, a truthful resend), the dialog by keyboard
// (slots one Tab stop, Tab never leaves), offline at "Confirmar", and the form's stand-in on a slow network.
import { readFileSync } from 'node:fs';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, newPage } from './support';
import {
  DESKTOP,
  PHONE,
  dialog,
  fillWholeForm,
  pickDayWithTimes,
  pickFirstAvailableDay,
  sampleLead,
  slotButtons,
  startHarness,
  toast,
  type Harness,
  type Lead,
} from './orcamento.fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const WEEKDAY = /(segunda|terça|quarta|quinta|sexta)-feira/;
const confirmButton = (page: Page) => dialog(page).getByRole('button', { name: 'Confirmar Agendamento' });

async function openDialogFor(page: Page, lead: Lead) {
  await fillWholeForm(page, h.url, 'Consultoria', lead);
  await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
  await dialog(page).waitFor();
}

/** Books the first free slot of the first bookable day; returns the chosen time and the consultant's first name. */
async function bookFirstSlot(page: Page) {
  await pickFirstAvailableDay(page);
  const slot = slotButtons(page).first();
  const time = (await slot.locator('span').first().innerText()).trim();
  const consultant = (await slot.locator('span').nth(1).innerText()).trim();
  await slot.click();
  await confirmButton(page).click();
  return { time, consultant };
}

async function meetingsOf(email: string) {
  const { rows } = await h.db.query<{ n: number }>('select count(*)::int as n from meetings m join leads l on l.id = m.lead_id where l.email = $1', [email]);
  return rows[0].n;
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('the booking the lead trusts (%s)', (_name, viewport) => {
  it('"Reunião confirmada" stays after the toast, with the weekday, calendar links, a valid .ics and the manage link', async () => {
    const lead = sampleLead();
    const { context, page } = await newPage(h.browser, viewport);
    try {
      // The page's own clock (timers and Date, ticking from now): "10 s later" below is a jump of that clock, not
      // 10 s of waiting (issue 37: no fixed delay in a browser test).
      await page.clock.install();
      await openDialogFor(page, lead);
      const { time } = await bookFirstSlot(page);
      const shown = await toast(page, 'Agendamento realizado com sucesso!');
      const panel = page.getByTestId('confirmacao');
      await panel.getByRole('heading', { name: 'Reunião confirmada' }).waitFor();
      // Focus is on its heading (announced once), and the wizard is back on the service choice.
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('confirmacao-titulo');
      await page.getByRole('heading', { name: 'Qual serviço você procura?' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // 10 s later (past the toast's 6 s) the toast is gone and the panel is still there, with the weekday and the time.
      // The pointer is left where "Confirmar" was, over the toast on a phone, and a hovered toast waits (sonner):
      // move it away, as a finger lifts. Then the page's time stops and runs 10 s at once, every timer in it firing.
      await page.mouse.move(0, 0);
      const pageNow = await page.evaluate(() => Date.now());
      await page.clock.pauseAt(pageNow + 1_000);
      await page.clock.runFor(9_000);
      expect(await shown.count()).toBe(0);
      expect(await panel.isVisible()).toBe(true);
      await page.clock.resume();
      const text = await panel.innerText();
      expect(text).toMatch(WEEKDAY);
      expect(text).toContain(`às ${time} (horário de Brasília)`);
      expect(text).toContain('30 min');
      expect(text).toContain('Ligação telefônica');

      const google = await panel.getByRole('link', { name: 'Google Agenda' }).getAttribute('href');
      expect(google).toMatch(/^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&/);
      expect(new URL(google!).searchParams.get('dates')).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
      expect(await panel.getByRole('link', { name: 'Outlook' }).getAttribute('href')).toMatch(/^https:\/\/outlook\.live\.com\/calendar\//);

      // The .ics download is the server's event: one VEVENT at the booked time, 30 minutes.
      const icsLink = panel.getByRole('link', { name: /Arquivo \.ics/ });
      expect(await icsLink.getAttribute('download')).toBe('reuniao.ics');
      const [download] = await Promise.all([page.waitForEvent('download'), icsLink.click()]);
      expect(download.suggestedFilename()).toBe('reuniao.ics');
      const ics = readFileSync((await download.path())!, 'utf8');
      const events = Object.values(ical.sync.parseICS(ics)).filter((c) => c?.type === 'VEVENT') as VEvent[];
      expect(events).toHaveLength(1);
      const start = new Date(events[0].start as unknown as Date);
      expect(start.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' })).toBe(time);
      expect((new Date(events[0].end as unknown as Date).getTime() - start.getTime()) / 60_000).toBe(30);

      // "Reagendar ou cancelar" is the lead's manage link: it opens /reuniao on this meeting.
      const manage = await panel.getByRole('link', { name: 'Reagendar ou cancelar' }).getAttribute('href');
      const token = /\/reuniao#t=([A-Za-z0-9_-]+)$/.exec(manage ?? '')?.[1];
      expect(token).toBeTruthy();
      await page.goto(`${h.url}/reuniao#t=${token}`);
      await expect.poll(() => page.getByTestId('reuniao-situacao').innerText()).toBe('Agendada');
      expect(await page.getByTestId('reuniao-horario').innerText()).toContain(time);

      // Starting another quote clears the panel.
      await page.goto(`${h.url}/orcamento`);
      expect(await page.getByTestId('confirmacao').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('a second quote with the same email never opens the calendar, shows no meeting detail and resends truthfully', async () => {
    const lead = sampleLead();
    const { context, page } = await newPage(h.browser, viewport);
    try {
      await openDialogFor(page, lead);
      const { time, consultant } = await bookFirstSlot(page);
      await page.getByTestId('confirmacao').waitFor();

      // Same person, another quote (email in another case).
      await fillWholeForm(page, h.url, 'Tráfego Pago', { ...lead, email: lead.email.toUpperCase() });
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      const notice = page.getByTestId('reuniao-existente');
      await notice.getByRole('heading', { name: 'Você já tem uma reunião agendada' }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('reuniao-existente-titulo');
      expect(await dialog(page).count()).toBe(0);
      expect(await page.getByText('Dados salvos com sucesso!').count()).toBe(0);
      const body = await page.locator('main').innerText();
      expect(body).not.toContain(time);
      expect(body).not.toContain(consultant);
      expect(await axeViolations(page)).toEqual([]);

      // The booking's confirmation went out minutes ago: nothing is sent now, and the page says so.
      await notice.getByRole('button', { name: 'Reenviar o link por e-mail' }).click();
      await expect.poll(() => notice.getByRole('status').innerText()).toContain('há poucos minutos');
      expect(await meetingsOf(lead.email)).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe('the scheduling dialog by keyboard and offline (phone)', () => {
  it('the slots are one Tab stop, arrows move, Enter goes to "Confirmar", and Tab never leaves the dialog', async () => {
    const { context, page } = await newPage(h.browser, PHONE);
    try {
      await openDialogFor(page, sampleLead());
      // Arrows need two times (late in the afternoon the nearest day may offer one).
      await pickDayWithTimes(page, 2);
      const slots = slotButtons(page);
      expect(await slots.count()).toBeGreaterThan(1);
      expect(await dialog(page).getByRole('radiogroup').count()).toBe(1);
      // Exactly one slot is in the Tab order.
      expect(await slots.evaluateAll((els) => els.filter((el) => (el as HTMLElement).tabIndex === 0).length)).toBe(1);
      await slots.first().focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => slots.nth(1).getAttribute('aria-checked')).toBe('true');
      expect(await slots.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => confirmButton(page).evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await page.getByTestId('resumo-local').innerText()).toMatch(/Ligação telefônica|Videochamada/);

      // One Tab stop: Tab from the checked slot leaves the group, Shift+Tab comes back to that same slot.
      await slots.nth(1).focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).not.toBe('radio');
      await page.keyboard.press('Shift+Tab');
      expect(await slots.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);

      // Tab and Shift+Tab keep focus inside the open dialog, round after round.
      const insideDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));
      for (const key of ['Tab', 'Shift+Tab']) {
        for (let i = 0; i < 40; i += 1) {
          await page.keyboard.press(key);
          expect(await insideDialog()).toBe(true);
        }
      }
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offline at "Confirmar" says the connection dropped and that nothing was reserved; back online it books', async () => {
    const lead = sampleLead();
    const { context, page } = await newPage(h.browser, PHONE);
    try {
      await openDialogFor(page, lead);
      await pickFirstAvailableDay(page);
      await slotButtons(page).first().click();
      await context.setOffline(true);
      await confirmButton(page).click();
      const message = dialog(page).getByRole('alert');
      await expect.poll(() => message.innerText()).toContain('Sem conexão com a internet');
      expect(await message.innerText()).toContain('Seu horário ainda não foi reservado');
      expect(await meetingsOf(lead.email)).toBe(0);
      // Nothing covers the dialog's title or close button on the phone.
      expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      await context.setOffline(false);
      await confirmButton(page).click();
      await page.getByTestId('confirmacao').waitFor();
      expect(await meetingsOf(lead.email)).toBe(1);
    } finally {
      await context.close();
    }
  });
});

describe('a slow connection', () => {
  it("shows step 1's fields (the stand-in) before any island script has loaded", async () => {
    const { context, page } = await newPage(h.browser, PHONE);
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
      // Strict: no module script of the site may arrive until the check is done.
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/_astro/*.js', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${h.url}/orcamento?servico=consultoria`, { waitUntil: 'commit' });
      const skeleton = page.locator('[data-form-skeleton]');
      await skeleton.waitFor({ state: 'visible', timeout: 20_000 });
      const shown = await skeleton.innerText();
      for (const label of ['Informações Pessoais', 'Nome completo', 'Cargo', 'Email', 'Telefone']) expect(shown).toContain(label);
      // Nothing hydrated yet: the real fields are not there.
      expect(await page.locator('#campo-nomeCompleto').count()).toBe(0);
      release();
      // Then the real form replaces the stand-in.
      await page.getByLabel('Nome completo').waitFor({ timeout: 60_000 });
      expect(await page.locator('[data-form-skeleton]').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
