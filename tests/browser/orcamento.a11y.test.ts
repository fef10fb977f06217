// /orcamento with the keyboard only, and axe (WCAG A/AA + best practices) on every step and the open dialog.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, newPage } from './support';
import { DESKTOP, PHONE, dialog, expectStep, sampleLead, startHarness, toast, type Harness } from './orcamento.fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

type Focus = { tag: string; id: string; name: string; text: string; type: string; inDialog: boolean };
const focused = (page: Page): Promise<Focus> =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      name: el?.getAttribute('name') ?? '',
      text: (el?.textContent ?? '').trim(),
      type: el?.getAttribute('type') ?? '',
      inDialog: Boolean(el?.closest('dialog')),
    };
  });

/** Presses Tab until the focused element matches; fails if it never does. */
async function tabTo(page: Page, matches: (f: Focus) => boolean, label: string, max = 60) {
  for (let i = 0; i < max; i++) {
    if (matches(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${label}`);
}

async function noAxeViolations(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([]);
}

describe('keyboard only', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`books a meeting without a mouse, with 0 axe violations on each step and in the dialog (${viewport.width} px)`, async () => {
      const { context, page } = await newPage(h.browser, viewport);
      try {
        const lead = sampleLead({ nomeCompleto: 'Teclado Silva' });
        await page.goto(`${h.url}/orcamento`);
        await page.getByRole('heading', { name: 'Qual serviço você procura?' }).waitFor();
        await noAxeViolations(page, 'service choice');

        await tabTo(page, (f) => f.tag === 'a' && f.text.startsWith('Consultoria') && f.text.includes('PMEs'), 'Consultoria');
        await page.keyboard.press('Enter');
        await expectStep(page, 1, 'Informações Pessoais');
        // Focus moved to the new step, so the next Tab lands in its first field.
        await expect.poll(async () => (await focused(page)).id).toBe('etapa-titulo');

        // Enter on an empty step shows the messages: checked by axe with the errors visible.
        await page.keyboard.press('Tab');
        expect((await focused(page)).id).toBe('campo-nomeCompleto');
        await page.keyboard.press('Enter');
        await page.locator('#campo-cargo-erro').waitFor();
        await noAxeViolations(page, 'step 1 with errors');

        await page.keyboard.type(lead.nomeCompleto);
        await page.keyboard.press('Tab');
        expect((await focused(page)).id).toBe('campo-cargo');
        await page.keyboard.press('ArrowDown'); // first real option: CEO / Proprietário
        await page.keyboard.press('Tab');
        await page.keyboard.type(lead.email);
        await page.keyboard.press('Tab');
        expect((await focused(page)).id).toBe('campo-telefone');
        await page.keyboard.type(lead.telefone);
        await page.keyboard.press('Enter'); // Enter advances
        await expectStep(page, 2, 'Informações da Empresa');
        await noAxeViolations(page, 'step 2');

        await page.keyboard.press('Tab');
        expect((await focused(page)).id).toBe('campo-nomeEmpresa');
        await page.keyboard.type(lead.nomeEmpresa);
        await page.keyboard.press('Tab');
        await page.keyboard.type(lead.cnpj);
        await page.keyboard.press('Tab');
        expect((await focused(page)).id).toBe('campo-faturamento');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Tab');
        expect((await focused(page)).id).toBe('campo-numeroVendedores');
        await page.keyboard.press('ArrowDown');
        await tabTo(page, (f) => f.tag === 'button' && f.text === 'Próximo', 'Próximo');
        await page.keyboard.press('Enter');
        await expectStep(page, 3, 'Segmento de Atuação');

        await page.keyboard.press('Tab');
        expect((await focused(page)).id).toBe('campo-segmento');
        // Arrows move within the radio group and check the option: seven down from the first is 'Outro'.
        for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowDown');
        await expect.poll(async () => (await focused(page)).id).toBe('campo-segmento-outro');
        await page.getByLabel('Qual é o seu segmento?').waitFor();
        await page.keyboard.press('Tab');
        expect((await focused(page)).id).toBe('campo-outroSegmento');
        await page.keyboard.type('Integradora de telhados');
        await noAxeViolations(page, 'step 3');
        await page.keyboard.press('Enter');
        await expectStep(page, 4, 'Modelo de Negócio');

        await page.keyboard.press('Tab');
        expect((await focused(page)).id).toBe('campo-modeloNegocio');
        await page.keyboard.press('Space');
        await noAxeViolations(page, 'step 4');
        await tabTo(page, (f) => f.tag === 'button' && f.text === 'Finalizar e Agendar', 'Finalizar e Agendar');
        await page.keyboard.press('Enter');

        await dialog(page).waitFor();
        await toast(page, 'Dados salvos com sucesso!');
        await expect.poll(async () => (await focused(page)).inDialog).toBe(true);
        // The calendar grid has one tab stop: the first bookable day.
        await tabTo(page, (f) => f.inDialog && f.tag === 'button' && f.text !== '' && /^\d{1,2}$/.test(f.text) && f.type !== 'submit', 'a calendar day');
        await page.keyboard.press('Enter');
        await dialog(page).locator('section[aria-labelledby="horarios-titulo"] button').first().waitFor();
        await tabTo(page, (f) => f.inDialog && f.tag === 'button' && /^\d{2}:\d{2}/.test(f.text), 'a time slot');
        await page.keyboard.press('Enter');
        await expect.poll(async () => (await dialog(page).getByTestId('resumo-horario').innerText()).trim()).toMatch(/^\d{2}:\d{2}/);
        await noAxeViolations(page, 'dialog with a date and a time chosen');

        await tabTo(page, (f) => f.inDialog && f.text === 'Confirmar Agendamento', 'Confirmar Agendamento');
        await page.keyboard.press('Enter');
        await toast(page, 'Agendamento realizado com sucesso!', /Reunião agendada com .+ para \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}\./);
        await page.getByRole('heading', { name: 'Qual serviço você procura?' }).waitFor();

        const rows = (
          await h.db.query<{ cargo: string; segmento: string; outro_segmento: string; modelo_negocio: string; service: string }>(
            `select l.cargo, l.segmento, l.outro_segmento, l.modelo_negocio, m.service
               from leads l join meetings m on m.lead_id = l.id where l.email = $1`,
            [lead.email],
          )
        ).rows;
        expect(rows).toEqual([{ cargo: 'ceo-proprietario', segmento: 'outro', outro_segmento: 'Integradora de telhados', modelo_negocio: 'b2b', service: 'consultoria' }]);
      } finally {
        await context.close();
      }
    });
  }

  it('Escape closes the dialog; date, time and slots are cleared and the lead is kept', async () => {
    const { context, page } = await newPage(h.browser, DESKTOP);
    try {
      const lead = sampleLead();
      await page.goto(`${h.url}/orcamento?servico=consultoria`);
      await page.evaluate((values) => {
        sessionStorage.setItem('orcamento:rascunho:v1', JSON.stringify({ service: 'consultoria', step: 4, values, idempotencyKey: crypto.randomUUID(), leadId: null }));
      }, { ...lead, outroSegmento: '' });
      await page.reload();
      await expectStep(page, 4, 'Modelo de Negócio');
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await dialog(page).waitFor();
      await noAxeViolations(page, 'dialog just opened');
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog(page).count()).toBe(0);
      // Focus returns to the button that opened it.
      await expect.poll(async () => (await focused(page)).text).toBe('Finalizar e Agendar');
      const leads = (await h.db.query<{ n: number }>('select count(*)::int as n from leads where email = $1', [lead.email])).rows[0].n;
      expect(leads).toBe(1);
    } finally {
      await context.close();
    }
  });
});
