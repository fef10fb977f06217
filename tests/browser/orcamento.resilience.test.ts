// /orcamento never loses what was typed: reload, failed saves with retry, a slot taken meanwhile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from './support';
import { POLICY_VERSION } from '../support/fixtures';
import {
  DESKTOP,
  PHONE,
  brDate,
  dialog,
  expectStep,
  field,
  fillWholeForm,
  pickDayWithTimes,
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

async function expectValues(page: Page, lead: Lead, step: 1 | 2 | 3 | 4) {
  const visible: Record<number, [string, string][]> = {
    1: [
      ['nomeCompleto', lead.nomeCompleto],
      ['cargo', lead.cargo],
      ['email', lead.email],
      ['telefone', '(43) 99123-4567'],
    ],
    2: [
      ['nomeEmpresa', lead.nomeEmpresa],
      ['cnpj', '11.222.333/0001-81'],
      ['faturamento', lead.faturamento],
      ['numeroVendedores', lead.numeroVendedores],
    ],
  };
  if (step <= 2) for (const [name, value] of visible[step]) expect(await field(page, name).inputValue(), name).toBe(value);
  if (step === 3) expect(await page.locator(`input[name="segmento"][value="${lead.segmento}"]`).isChecked()).toBe(true);
  if (step === 4) expect(await page.locator(`input[name="modeloNegocio"][value="${lead.modeloNegocio}"]`).isChecked()).toBe(true);
}

/** Walks back from step 4 to step 1 checking every value on the way. */
async function expectAllValues(page: Page, lead: Lead) {
  await expectStep(page, 4, 'Modelo de Negócio');
  await expectValues(page, lead, 4);
  for (const [step, title] of [
    [3, 'Segmento de Atuação'],
    [2, 'Informações da Empresa'],
    [1, 'Informações Pessoais'],
  ] as const) {
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expectStep(page, step, title);
    await expectValues(page, lead, step);
  }
}

const countLeads = async (email: string) => (await h.db.query<{ n: number }>('select count(*)::int as n from leads where email = $1', [email])).rows[0].n;

describe('nothing is lost', () => {
  it('a reload on step 4 keeps every value', async () => {
    const { context, page } = await newPage(h.browser, PHONE);
    try {
      const lead = sampleLead();
      await fillWholeForm(page, h.url, 'Consultoria', lead);
      await page.reload();
      await expectAllValues(page, lead);
      expect(new URL(page.url()).searchParams.get('servico')).toBe('consultoria');
    } finally {
      await context.close();
    }
  });

  it('a failing leads function (503) shows the error, keeps the values, and the retry stores one lead', async () => {
    const { context, page } = await newPage(h.browser, DESKTOP);
    try {
      const lead = sampleLead();
      const keys: string[] = [];
      let attempt = 0;
      await page.route('**/api/leads', async (route) => {
        // The form also asks GET /api/leads (which consent box to show): only the submission fails here.
        if (route.request().method() !== 'POST') return route.continue();
        attempt += 1;
        keys.push(JSON.parse(route.request().postData() ?? '{}').idempotencyKey);
        if (attempt === 1) {
          // The function is down: nothing reaches the server.
          return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Serviço indisponível' }) });
        }
        if (attempt === 2) {
          // Worse: the lead is stored but the answer is lost on the way back.
          await route.fetch();
          return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'Serviço indisponível' }) });
        }
        return route.continue();
      });

      await fillWholeForm(page, h.url, 'Tráfego Pago', lead);
      const submit = page.getByRole('button', { name: 'Finalizar e Agendar' });
      await submit.click();
      await toast(page, 'Erro ao salvar dados', 'Tente novamente ou entre em contato conosco.');
      expect(await dialog(page).count()).toBe(0);
      expect(await countLeads(lead.email)).toBe(0);

      await submit.click();
      await expect.poll(() => attempt).toBe(2);
      // A second error toast for the second failure (the first one is still on screen).
      await expect.poll(() => page.locator('[data-sonner-toast]', { hasText: 'Erro ao salvar dados' }).count()).toBe(2);
      await expect.poll(() => countLeads(lead.email)).toBe(1);
      await expectValues(page, lead, 4);

      await submit.click();
      await toast(page, 'Dados salvos com sucesso!');
      await dialog(page).waitFor();
      expect(attempt).toBe(3);
      expect(new Set(keys).size).toBe(1);
      expect(await countLeads(lead.email)).toBe(1);

      // Cancelling keeps the saved lead: reopening does not save again.
      await dialog(page).getByRole('button', { name: 'Cancelar' }).click();
      await expect.poll(() => dialog(page).count()).toBe(0);
      await expectValues(page, lead, 4);
      await submit.click();
      await dialog(page).waitFor();
      expect(attempt).toBe(3);
      // A reopened dialog starts clean.
      expect(await dialog(page).getByText('Selecione uma data para ver os horários disponíveis').count()).toBe(1);
      expect(await dialog(page).getByRole('button', { name: 'Confirmar Agendamento' }).isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a slot taken between listing and confirming: toast, refreshed list, another slot booked', async () => {
    const { context, page } = await newPage(h.browser, PHONE);
    try {
      const lead = sampleLead();
      await fillWholeForm(page, h.url, 'Consultoria', lead);
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await dialog(page).waitFor();
      let monthRequests = 0;
      page.on('request', (request) => void (request.url().includes('/api/availability?month=') && monthRequests++));
      // Two times at least: once every consultant is booked at the first, the list still has one to show.
      const day = await pickDayWithTimes(page, 2);
      const first = slotButtons(page).first();
      const time = (await first.locator('span').first().innerText()).trim();
      await first.click();

      // Meanwhile other visitors book every consultant at that time, through the public API: the list
      // shows the time once, with the next free consultant, until none is left.
      const shownAt = async () => ((await (await fetch(`${h.url}/api/availability?date=${day}`)).json()) as { availableSlots: { time: string; presellerId: string }[] })
        .availableSlots.find((s) => s.time === time);
      let booked = 0;
      for (let slot = await shownAt(); slot && booked < 10; slot = await shownAt()) {
        const other = sampleLead();
        const saved = await fetch(`${h.url}/api/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...other, outroSegmento: '', idempotencyKey: crypto.randomUUID(), privacyPolicyVersion: POLICY_VERSION }) });
        const { id } = (await saved.json()) as { id: string };
        const res = await fetch(`${h.url}/api/meetings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ leadId: id, scheduledDate: day, scheduledTime: time, presellerId: slot.presellerId, service: 'trafego', diagnosticScore: 75, idempotencyKey: crypto.randomUUID() }),
        });
        expect(res.status).toBe(201);
        booked++;
      }
      expect(booked).toBeGreaterThan(0);

      const monthRequestsBefore = monthRequests;
      await dialog(page).getByRole('button', { name: 'Confirmar Agendamento' }).click();
      await toast(page, 'Erro ao agendar reunião', 'Este horário não está mais disponível. Escolha outro horário.');
      // The month's bookable days are asked again too (the day may have lost its last slot).
      await expect.poll(() => monthRequests).toBe(monthRequestsBefore + 1);
      // Same date, a fresh list without the taken time, nothing selected.
      // (While the list reloads it has no buttons at all: wait for the fresh one, not just for the old time to go.)
      await expect.poll(async () => {
        const times = await slotButtons(page).allInnerTexts();
        return times.length > 0 && !times.some((t) => t.startsWith(time));
      }).toBe(true);
      expect(await dialog(page).getByTestId('resumo-data').innerText()).toBe(brDate(day));
      expect(await dialog(page).getByRole('button', { name: 'Confirmar Agendamento' }).isDisabled()).toBe(true);

      const second = slotButtons(page).first();
      const otherTime = (await second.locator('span').first().innerText()).trim();
      await second.click();
      await dialog(page).getByRole('button', { name: 'Confirmar Agendamento' }).click();
      await toast(page, 'Agendamento realizado com sucesso!', new RegExp(`para ${brDate(day)} às ${otherTime}\\.`));

      const rows = (
        await h.db.query<{ local_start: string }>(
          `select to_char(m.starts_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD HH24:MI') as local_start
             from meetings m join leads l on l.id = m.lead_id where l.email = $1`,
          [lead.email],
        )
      ).rows;
      expect(rows).toEqual([{ local_start: `${day} ${otherTime}` }]);
    } finally {
      await context.close();
    }
  });
});
