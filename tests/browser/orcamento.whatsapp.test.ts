// /orcamento with WhatsApp on (settings pointing at the fake Graph API) at 390 px: the opt-in box appears on
// the contact step only for a mobile, unticked, works by keyboard with 0 axe violations, and a booking with it
// ticked says the WhatsApp confirmation is on its way, stores the opt-in and sends the confirmation template.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHATSAPP_ON_ITS_WAY, WHATSAPP_OPT_IN_TEXT, WHATSAPP_STOP_ACTION, WHATSAPP_STOPPED } from '../../src/domain/whatsapp';
import { paramsOf } from '../../src/domain/whatsapp';
import { whatsappTemplates } from '../../functions/lib/whatsapp/templates';
import { startFakeGraph, type FakeGraph } from '../support/whatsapp-fake';
import { axeViolations, newPage } from './support';
import { PHONE, dialog, field, fillWholeForm, pickFirstAvailableDay, sampleLead, slotButtons, startHarness, type Harness } from './orcamento.fixtures';

const WA = { phoneNumberId: '106540352242922', token: 'EAAGbrowsertoken0123456789abcdef', version: 'v24.0' };

let h: Harness;
let graph: FakeGraph;
beforeAll(async () => {
  const templates = await whatsappTemplates();
  graph = await startFakeGraph({ ...WA, templates: Object.values(templates.modelos).map((t) => ({ name: t.nome, params: paramsOf(t.texto) })) });
  h = await startHarness({
    env: {
      WHATSAPP_PHONE_NUMBER_ID: WA.phoneNumberId, WHATSAPP_TOKEN: WA.token, WHATSAPP_APP_SECRET: 'browser-app-secret-0123456789',
      WHATSAPP_VERIFY_TOKEN: 'browser-verify-0123', WHATSAPP_API_VERSION: WA.version, WHATSAPP_API_URL: graph.url, WHATSAPP_HOLDOUT_PERCENT: '0',
    },
  });
});
afterAll(async () => {
  await h?.close();
  await graph?.close();
});

describe('WhatsApp opt-in on /orcamento (390 px)', () => {
  it('only for a mobile, by keyboard, and the booking says the WhatsApp is on its way', async () => {
    const { context, page } = await newPage(h.browser, PHONE);
    const box = page.getByRole('checkbox', { name: WHATSAPP_OPT_IN_TEXT });
    const lead = sampleLead({ telefone: '4333221100' });
    try {
      await fillWholeForm(page, h.url, 'Consultoria', lead, async () => {
        // A landline: no box (WhatsApp cannot reach it).
        await page.getByRole('heading', { name: /Informações Pessoais/ }).waitFor();
        expect(await box.count()).toBe(0);
        // A mobile: the box, unticked.
        await field(page, 'telefone').fill('');
        await field(page, 'telefone').pressSequentially('43991234567');
        await box.waitFor();
        expect(await box.isChecked()).toBe(false);
        expect(await axeViolations(page), 'contact step with the box').toEqual([]);
        // Keyboard only: Tab from the phone field reaches the box, Space ticks it.
        await field(page, 'telefone').focus();
        await page.keyboard.press('Tab');
        expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
        await page.keyboard.press('Space');
        expect(await box.isChecked()).toBe(true);
      });
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await dialog(page).waitFor();
      await pickFirstAvailableDay(page);
      await slotButtons(page).first().click();
      await dialog(page).getByRole('button', { name: 'Confirmar Agendamento' }).click();
      await page.getByText(WHATSAPP_ON_ITS_WAY).waitFor();
      expect(await axeViolations(page), 'confirmation with the WhatsApp line').toEqual([]);

      const rows = (await h.db.query<{ whatsapp_group: string; version: string; kind: string }>(
        `select l.whatsapp_group, l.whatsapp_opt_in_version as version, w.kind from leads l join whatsapp_messages w on w.lead_id = l.id where l.email = $1`, [lead.email])).rows;
      expect(rows).toEqual([{ whatsapp_group: 'whatsapp', version: '2026-11-30', kind: 'confirmacao' }]);
      await expect.poll(() => graph.sent.map((s) => [s.to, s.name]), { timeout: 30_000 }).toEqual([['5543991234567', 'reuniao_confirmada']]);

      // The template's button: /reuniao?t=<token> opens the meeting, the token leaves the address at once,
      // and the lead can stop the messages there.
      await page.goto(`${h.url}/reuniao?t=${graph.sent[0].suffix}`);
      const stop = page.getByRole('button', { name: WHATSAPP_STOP_ACTION });
      await stop.waitFor();
      expect(new URL(page.url()).search).toBe('');
      expect(await axeViolations(page), '/reuniao with the stop button').toEqual([]);
      await stop.focus();
      await page.keyboard.press('Enter');
      await page.getByText(WHATSAPP_STOPPED).waitFor();
      expect(await stop.count()).toBe(0);
      expect(await axeViolations(page), '/reuniao after stopping').toEqual([]);
      const stopped = (await h.db.query<{ stopped: boolean }>(`select whatsapp_stopped_at is not null as stopped from leads where email = $1`, [lead.email])).rows;
      expect(stopped).toEqual([{ stopped: true }]);
    } finally {
      await context.close();
    }
  });
});
