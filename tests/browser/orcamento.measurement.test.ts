// The box for measuring the ads, in Chromium at 390 px, on a site with Meta's Conversions API on (a local
// fake that enforces Meta's rules): with the mentor's basis on consent the contact step shows it unticked,
// with its exact words, 0 axe violations, ticked from the keyboard; the lead stores the basis, the wording's
// version and its time, and Meta counts its Lead. On legitimate interest the box is gone and the lead gets
// that basis with the privacy policy's version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASUREMENT_CONSENT } from '../../src/domain/conversions';
import { POLICY_VERSION } from '../support/fixtures';
import { startMetaFake, type MetaFake } from '../support/meta-capi-fake';
import { axeViolations, newPage } from './support';
import { PHONE, expectStep, fillSteps, sampleLead, startHarness, toast, type Harness } from './orcamento.fixtures';

const PIXEL = '123456789012345';
const TOKEN = 'EAABrowserTestToken0123456789';

let h: Harness;
let meta: MetaFake;
beforeAll(async () => {
  meta = await startMetaFake({ pixelId: PIXEL, token: () => TOKEN, now: () => new Date() });
  h = await startHarness({ env: { META_PIXEL_ID: PIXEL, META_CAPI_TOKEN: TOKEN, META_CAPI_URL: meta.url } });
});
afterAll(async () => {
  // The database is shared with the other browser files, whose site has no platform on: as they found it.
  await h?.db.query(`update measurement_settings set basis = 'consentimento', wording_version = $1, updated_at = null, updated_by = null`, [MEASUREMENT_CONSENT.version]);
  await h?.db.query(`update integration_targets set enabled = false where target in ('meta', 'google')`);
  await h?.close();
  await meta?.close();
});

type BasisRow = { measurement_basis: string | null; measurement_basis_version: string | null; measurement_basis_at: Date | null; fbc: string | null };
const rowOf = async (email: string) =>
  (await h.db.query<BasisRow>('select measurement_basis, measurement_basis_version, measurement_basis_at, fbc from leads where email = $1', [email])).rows;

/** Arrives from a Meta ad, accepts the cookies, opens the quote form; resolves when the form has asked for the basis. */
async function openFromMetaAd() {
  const { context, page } = await newPage(h.browser, PHONE);
  await page.goto(`${h.url}/?utm_source=facebook&fbclid=IwARbrowser123`);
  await page.locator('#consentimento').getByRole('button', { name: 'Aceitar' }).click();
  await page.waitForFunction(() => localStorage.getItem('consentimento-cookies') !== null);
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/leads' && r.request().method() === 'GET');
  await page.goto(`${h.url}/orcamento?servico=trafego`);
  return { context, page, asked };
}

describe('the box for measuring the ads', () => {
  it('consent: unticked on the contact step, ticked from the keyboard, stored with its version; Meta counts the Lead', async () => {
    const { context, page } = await openFromMetaAd();
    const lead = sampleLead();
    try {
      await fillSteps(page, lead, async () => {
        const box = page.getByRole('checkbox', { name: MEASUREMENT_CONSENT.text });
        await box.waitFor();
        expect(await box.isChecked()).toBe(false);
        expect(await axeViolations(page)).toEqual([]);
        await box.focus();
        await page.keyboard.press('Space');
        expect(await box.isChecked()).toBe(true);
      });
      await expectStep(page, 4, 'Modelo de Negócio');
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await toast(page, 'Dados salvos com sucesso!');
      const [row] = await rowOf(lead.email);
      expect(row).toMatchObject({ measurement_basis: 'consentimento', measurement_basis_version: MEASUREMENT_CONSENT.version, measurement_basis_at: expect.any(Date) });
      expect(row.fbc).toMatch(/^fb\.1\.\d{13}\.IwARbrowser123$/);
      await expect.poll(() => meta.counted.filter((e) => e.event_name === 'Lead' && e.user_data.fbc === row.fbc).length, { timeout: 30_000 }).toBe(1);
      expect(meta.refused).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('legitimate interest: no box; the lead gets the basis with the privacy policy\'s version', async () => {
    const saved = await h.db.query<{ answer: { status: string } }>(`select measurement_settings_save($1::text::jsonb) as answer`, [JSON.stringify({
      basis: 'interesse_legitimo', wording_version: POLICY_VERSION, actor: 'contato@mentorsolar.com.br', now: new Date().toISOString(),
    })]);
    expect(saved.rows[0].answer).toMatchObject({ status: 'ok' });
    const { context, page, asked } = await openFromMetaAd();
    const lead = sampleLead();
    try {
      await fillSteps(page, lead, async () => {
        expect(await (await asked).json()).toEqual({ measurementBasis: 'interesse_legitimo' });
        expect(await page.getByRole('checkbox').count()).toBe(0);
      });
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await toast(page, 'Dados salvos com sucesso!');
      expect(await rowOf(lead.email)).toEqual([expect.objectContaining({ measurement_basis: 'interesse_legitimo', measurement_basis_version: POLICY_VERSION })]);
    } finally {
      await context.close();
    }
  });
});
