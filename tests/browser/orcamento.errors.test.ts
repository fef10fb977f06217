// /orcamento error catalogue (every failure the API can answer) for failures the real server rarely produces, forced with page.route,
// plus the visitor's local time beside Brasília time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiMessages, meetingUnconfirmed } from '../../src/domain/api';
import { afterIdle, newPage } from './support';
import { DESKTOP, PHONE, dialog, enabledDays, expectStep, fillWholeForm, pickFirstAvailableDay, sampleLead, showMonthWithDays, slotButtons, startHarness, toast, type Harness } from './orcamento.fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const json = (status: number, body: unknown) => ({ status, contentType: 'application/json', body: JSON.stringify(body) });

async function openDialog(page: Page) {
  await fillWholeForm(page, h.url, 'Consultoria', sampleLead());
  await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
  await dialog(page).waitFor();
}

describe('saving the lead', () => {
  it('no answer at all shows "Erro inesperado" and keeps the step', async () => {
    const { context, page } = await newPage(h.browser, PHONE);
    try {
      await page.route('**/api/leads', (route) => route.abort('connectionreset'));
      await fillWholeForm(page, h.url, 'Consultoria', sampleLead());
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await toast(page, 'Erro inesperado', 'Tente novamente ou entre em contato conosco.');
      await expectStep(page, 4, 'Modelo de Negócio');
      expect(await dialog(page).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("the server's field errors appear on their fields, on their step, with focus", async () => {
    const { context, page } = await newPage(h.browser, DESKTOP);
    try {
      await page.route('**/api/leads', (route) => route.fulfill(json(400, { error: 'Verifique os campos destacados.', fieldErrors: { cnpj: 'CNPJ inválido' } })));
      await fillWholeForm(page, h.url, 'Tráfego Pago', sampleLead());
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await toast(page, 'Erro ao salvar dados', 'Tente novamente ou entre em contato conosco.');
      await expectStep(page, 2, 'Informações da Empresa');
      await page.locator('#campo-cnpj-erro', { hasText: 'CNPJ inválido' }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('campo-cnpj');
    } finally {
      await context.close();
    }
  });
});

describe('scheduling dialog', () => {
  it('the calendar is busy while its month loads, and offers its days once it has', async () => {
    const { context, page } = await newPage(h.browser, PHONE);
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/availability?month=*', async (route) => {
        await held;
        await route.continue();
      });
      await openDialog(page);
      const busyCalendar = dialog(page).locator('[aria-busy="true"]:has([role="grid"])');
      await busyCalendar.waitFor();
      expect(await enabledDays(page).count()).toBe(0);
      release();
      await enabledDays(page).first().waitFor();
      expect(await busyCalendar.count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('availability failure and an empty day show their toasts and the empty message', async () => {
    const { context, page } = await newPage(h.browser, PHONE);
    try {
      let mode: 'fail' | 'empty' = 'fail';
      await page.route('**/api/availability?date=*', (route) =>
        route.fulfill(mode === 'fail' ? json(503, { error: 'Serviço indisponível' }) : json(200, { availableSlots: [] })),
      );
      await openDialog(page);
      expect(await dialog(page).getByText('Selecione uma data para ver os horários disponíveis').count()).toBe(1);
      await showMonthWithDays(page, 2);
      await enabledDays(page).first().click();
      await toast(page, 'Erro ao verificar disponibilidade', 'Tente novamente ou selecione outra data.');

      mode = 'empty';
      await enabledDays(page).nth(1).click();
      await toast(page, 'Nenhum horário disponível', 'Selecione outra data para ver horários disponíveis.');
      await dialog(page).getByText('Nenhum horário disponível para esta data').waitFor();
      expect(await dialog(page).getByRole('button', { name: 'Confirmar Agendamento' }).isDisabled()).toBe(true);

      // One message per answer (inline in the dialog: the latest one), and choosing the failed day again
      // asks again (now it answers: empty), which raises a new message.
      const message = dialog(page).getByTestId('agendamento-mensagem');
      expect(await message.getAttribute('role')).toBe('alert');
      const first = await message.getAttribute('data-message-id');
      await afterIdle(page); // whatever the answer queued has run: still one message
      expect(await message.getAttribute('data-message-id')).toBe(first);
      expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
      await enabledDays(page).first().click();
      await expect.poll(() => message.getAttribute('data-message-id')).not.toBe(first);
      await expect.poll(() => message.innerText()).toContain('Nenhum horário disponível');
    } finally {
      await context.close();
    }
  });

  it("booking failures show the server's message, or the fallback ones", async () => {
    const { context, page } = await newPage(h.browser, DESKTOP);
    try {
      const answers = [
        json(404, { success: false, error: 'Cadastro não encontrado. Preencha o formulário novamente.' }),
        json(500, {}),
        json(200, { success: false }),
        json(202, meetingUnconfirmed(apiMessages.bookingUnconfirmed)),
      ];
      const keys: string[] = [];
      await page.route('**/api/meetings', (route) => {
        keys.push(JSON.parse(route.request().postData() ?? '{}').idempotencyKey);
        return route.fulfill(answers.shift() ?? json(500, {}));
      });
      await openDialog(page);
      await pickFirstAvailableDay(page);
      await slotButtons(page).first().click();
      const confirm = dialog(page).getByRole('button', { name: 'Confirmar Agendamento' });

      await confirm.click();
      await toast(page, 'Erro ao agendar reunião', 'Cadastro não encontrado. Preencha o formulário novamente.');
      await confirm.click();
      await toast(page, 'Erro ao agendar reunião', 'Tente novamente ou entre em contato conosco.');
      await confirm.click();
      await toast(page, 'Erro ao agendar reunião', 'Erro desconhecido ao agendar reunião');
      // Sent but neither confirmed nor refused (a database deadline): told to check the mail, and a new try
      // of this slot sends the same key, which can never book twice.
      await confirm.click();
      await toast(page, 'Agendamento não confirmado', apiMessages.bookingUnconfirmed);
      expect(keys).toHaveLength(4);
      expect(new Set(keys).size).toBe(1);
      // The dialog stays open with the choice intact, ready for another try.
      expect(await dialog(page).count()).toBe(1);
      expect(await confirm.isDisabled()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('labels times as Brasília time and adds the local time when the visitor is elsewhere', async () => {
    const context = await h.browser.newContext({ viewport: DESKTOP, locale: 'pt-BR', timezoneId: 'America/Manaus', reducedMotion: 'reduce' });
    try {
      const page = await context.newPage();
      await openDialog(page);
      await dialog(page).getByText('(horário de Brasília)').first().waitFor();
      await pickFirstAvailableDay(page);
      const slot = slotButtons(page).first();
      const brasilia = (await slot.locator('span').first().innerText()).trim();
      const [hh, mm] = brasilia.split(':').map(Number);
      const manaus = `${String(hh - 1).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
      expect(await slot.innerText()).toContain(`${manaus} no seu horário`);
      await slot.click();
      expect(await dialog(page).getByTestId('resumo-horario').innerText()).toContain(`${brasilia} (horário de Brasília)`);
      expect(await dialog(page).getByTestId('resumo-horario').innerText()).toContain(`${manaus} no seu horário`);
    } finally {
      await context.close();
    }
  });
});
