// Conversions back to the ad platforms on the real site at 390 px, keyboard only where the mentor acts:
// - the walk: the mentor switches the basis to consent, the form shows the unticked box, a lead who came
//   from a Meta ad ticks it and books, the mentor marks the meeting qualified, and Integrações (and the
//   lead) show Meta's events as sent — against the local fake of Meta's Conversions API;
// - Google's file block: the link made and shown once, fetched (the file passes the format's validator),
//   rotated after a confirmation (the old link 404s), an empty name refused beside its field with the focus
//   on it; axe clean in every state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MEASUREMENT_CONSENT, conversionStageLabel, conversionStateLabel, measurementBasisLabel } from '../../src/domain/conversions';
import { basisCopy, leadConversionsCopy } from '../../src/domain/painel/conversions-screen';
import { googleFileCopy } from '../../src/domain/painel/google-file';
import { startMetaFake, type MetaFake } from '../support/meta-capi-fake';
import { checkGoogleFile } from '../support/google-file-validator';
import { axeViolations, newPage } from './support';
import { dialog, fillSteps, PHONE, pickFirstAvailableDay, sampleLead, slotButtons, toast } from './orcamento.fixtures';
import { moveIntoPast, painelHarness, section } from './painel.fixtures';

const PIXEL = '123456789012345';
const TOKEN = 'EAAB-fake-capi-token';
let meta: MetaFake;
// Filled before the harness starts (hooks run in the order they are registered).
const env: Record<string, string> = {};
beforeAll(async () => {
  meta = await startMetaFake({ pixelId: PIXEL, token: () => TOKEN, now: () => new Date() });
  Object.assign(env, { META_PIXEL_ID: PIXEL, META_CAPI_TOKEN: TOKEN, META_CAPI_URL: meta.url });
});
const { h, mentor } = painelHarness({ env });
// The database is shared with the other browser files, whose site has no platform on: as they found it.
afterAll(async () => {
  await h.db.query(`update measurement_settings set basis = 'consentimento', wording_version = $1, updated_at = null, updated_by = null`, [MEASUREMENT_CONSENT.version]);
  await h.db.query(`update integration_targets set enabled = false where target in ('meta', 'google')`);
  await h.db.query('delete from google_conversion_file');
  await meta?.close();
});

const clean = async (page: Page, state: string) => expect(await axeViolations(page), state).toEqual([]);
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function openIntegrations(page: Page) {
  await section(page, 'Integrações').click();
  await page.getByRole('heading', { name: basisCopy.title }).waitFor();
}

/** Tabs until `target` has the focus (keyboard only), then presses Enter or Space. */
async function tabTo(page: Page, target: ReturnType<Page['locator']>, key = 'Enter') {
  for (let i = 0; i < 200 && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  expect(await target.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press(key);
}

describe('/painel: conversions for the ad platforms', () => {
  // Its time is mostly the scheduled drain's minute, awaited as a condition.
  it('consent switched on, the lead ticks the box, books, is qualified, and Integrações shows Meta’s events as sent', { timeout: 300_000 }, async () => {
    await h.db.query(`update measurement_settings set basis = 'interesse_legitimo'`);
    const page = await mentor.page();
    await openIntegrations(page);
    const consent = page.getByRole('radio', { name: measurementBasisLabel.consentimento });
    expect(await consent.isChecked()).toBe(false);
    await clean(page, 'basis: legitimate interest');
    // Keyboard: the radio group, the arrow to consent, then the save button.
    await tabTo(page, page.getByRole('radio', { name: measurementBasisLabel.interesse_legitimo }), 'ArrowUp');
    await expect.poll(() => consent.isChecked()).toBe(true);
    await tabTo(page, page.getByRole('button', { name: basisCopy.save }));
    await page.getByRole('status').filter({ hasText: basisCopy.saved('consentimento') }).waitFor();
    expect((await h.db.query<{ basis: string }>('select basis from measurement_settings')).rows[0].basis).toBe('consentimento');
    await clean(page, 'basis saved');

    // The visitor arrives from a Meta ad, accepts cookies, and ticks the box the form now shows.
    const visitor = await newPage(h.browser, PHONE);
    const lead = sampleLead();
    try {
      await visitor.page.goto(`${h.url}/?utm_source=facebook&fbclid=IwAR-walk-${Date.now()}`);
      await visitor.page.locator('#consentimento').getByRole('button', { name: 'Aceitar' }).click();
      await visitor.page.waitForFunction(() => localStorage.getItem('consentimento-cookies') !== null);
      await visitor.page.goto(`${h.url}/orcamento?servico=consultoria`);
      // The box is on the first step, with the contact fields it is about.
      await fillSteps(visitor.page, lead, async () => {
        const box = visitor.page.getByRole('checkbox', { name: MEASUREMENT_CONSENT.text });
        expect(await box.isChecked()).toBe(false);
        await box.check();
      });
      await visitor.page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await toast(visitor.page, 'Dados salvos com sucesso!');
      await pickFirstAvailableDay(visitor.page);
      await slotButtons(visitor.page).first().click();
      await dialog(visitor.page).getByRole('button', { name: 'Confirmar Agendamento' }).click();
      await toast(visitor.page, 'Agendamento realizado com sucesso!');
    } finally {
      await visitor.context.close();
    }
    const { rows: [row] } = await h.db.query<{ id: string; measurement_basis: string; meeting: string }>(
      `select l.id, l.measurement_basis, m.id as meeting from leads l join meetings m on m.lead_id = l.id where l.email = $1`, [lead.email]);
    expect(row.measurement_basis).toBe('consentimento');
    await moveIntoPast(h.db, row.meeting, 60);

    // The mentor records "Compareceu" and "Qualificado: Sim" on the lead's meeting.
    await page.goto(`${h.url}/painel#reuniao=${row.meeting}`);
    await page.getByRole('radio', { name: 'Compareceu', exact: true }).check();
    await page.getByRole('radio', { name: 'Sim' }).check();
    await page.getByRole('button', { name: 'Registrar desfecho' }).click();
    await page.getByText('Desfecho registrado.').waitFor();

    // Meta's fake counts Lead, Schedule and the qualified meeting for this lead. The form and the booking
    // wake the drain at once; a recorded outcome waits for the scheduled drain (every minute).
    await expect.poll(() => meta.counted.filter((e) => e.event_id.includes(row.id)).map((e) => e.event_name).sort(), { timeout: 150_000 })
      .toEqual(['Lead', 'ReuniaoQualificada', 'Schedule']);

    await page.goto(`${h.url}/painel#integracoes`);
    await page.reload();
    const card = page.getByRole('region', { name: 'Meta', exact: true });
    await card.getByText('Configurado', { exact: true }).waitFor();
    // "Últimos 7 dias", not "Hoje": a run at 23:59 sends before midnight and reads the card after it (at-time.mjs 23:55).
    const sentThisWeek = card.locator('tr[data-state="enviado"] td').nth(1);
    await expect.poll(async () => Number(await sentThisWeek.innerText())).toBeGreaterThanOrEqual(3);
    await clean(page, 'integrations with sends');
    expect(await noSideScroll(page)).toBe(true);

    // The lead's page lists each event with its state.
    await page.goto(`${h.url}/painel#lead=${row.id}`);
    const events = page.getByRole('region', { name: leadConversionsCopy.title });
    for (const stage of ['lead', 'reuniao_agendada', 'reuniao_qualificada'] as const) {
      await events.locator(`li[data-platform="meta"][data-stage="${stage}"][data-state="enviado"]`).waitFor();
      await events.getByText(`Meta · ${conversionStageLabel[stage]}`).waitFor();
    }
    await events.getByText(conversionStateLabel.enviado).first().waitFor();
    await clean(page, 'lead conversions');
  });

  it("Google's file: the link shown once, the file valid, rotation confirmed, an empty name refused in place", async () => {
    const page = await mentor.page();
    await page.goto(`${h.url}/painel#integracoes`);
    await page.reload();
    await page.getByRole('heading', { name: basisCopy.title }).waitFor();
    const block = page.getByRole('region', { name: googleFileCopy.title });
    await block.getByText(googleFileCopy.notLinked).waitFor();
    await clean(page, 'google: no link');

    await tabTo(page, block.getByRole('button', { name: googleFileCopy.generate }));
    const shown = block.getByRole('status').filter({ hasText: googleFileCopy.shownOnce });
    await shown.waitFor();
    await expect.poll(() => shown.evaluate((el) => el === document.activeElement)).toBe(true);
    const clicks = await block.getByLabel(googleFileCopy.clicksLabel).inputValue();
    expect(clicks).toMatch(/\/api\/google-ads\/conversoes\/[A-Za-z0-9_-]{43}\/cliques\.csv$/);
    await clean(page, 'google: link shown');
    expect(await noSideScroll(page)).toBe(true);
    const file = await fetch(clicks.replace(/^https?:\/\/[^/]+/, h.url));
    expect(file.status).toBe(200);
    expect(checkGoogleFile(await file.text(), ['Reunião qualificada', 'Negócio ganho']).problems).toEqual([]);

    // Rotation asks first; the question takes the focus; the old link stops at once.
    await tabTo(page, block.getByRole('button', { name: googleFileCopy.regenerate }));
    const question = block.getByText(googleFileCopy.confirmRotate);
    await expect.poll(() => question.evaluate((el) => el === document.activeElement)).toBe(true);
    await clean(page, 'google: confirm rotation');
    await tabTo(page, block.getByRole('button', { name: googleFileCopy.regenerate }));
    await expect.poll(async () => (await block.getByLabel(googleFileCopy.clicksLabel).inputValue()) !== clicks).toBe(true);
    expect((await fetch(clicks.replace(/^https?:\/\/[^/]+/, h.url))).status).toBe(404);

    // An empty name: the error beside the field, the focus on it.
    const name = block.getByLabel(googleFileCopy.nameLabels.negocio_ganho);
    await name.fill('');
    await tabTo(page, block.getByRole('button', { name: googleFileCopy.saveNames }));
    await block.getByText(googleFileCopy.badName).waitFor();
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    await clean(page, 'google: name refused');
    await page.keyboard.type('Venda fechada');
    await page.keyboard.press('Enter');
    await block.getByRole('status').filter({ hasText: googleFileCopy.namesSaved }).waitFor();
    expect((await h.db.query<{ n: string }>(`select names->>'negocio_ganho' as n from google_conversion_file`)).rows[0].n).toBe('Venda fechada');
  });
});
