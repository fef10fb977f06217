// Rate limits as a visitor meets them: this file's server enforces config.rateLimit (the shared site
// runs with RATE_LIMITS=off), and the limits are reached for real from the same IP and domain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage } from './support';
import { DESKTOP, dialog, field, fillWholeForm, pickFirstAvailableDay, sampleLead, slotButtons, startHarness, toast, type Harness } from './orcamento.fixtures';

const TOO_MANY = 'Muitas tentativas. Aguarde um minuto e tente novamente.';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rateLimits: true });
});
afterAll(async () => {
  await h?.close();
});

/** Posts to an endpoint from this machine (same IP and Host as the page) until it answers 429. */
async function exhaust(path: string, body: () => unknown): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const res = await fetch(`${h.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body()) });
    if (res.status === 429) return;
  }
  throw new Error(`${path} never answered 429`);
}

describe('rate limits in the quote flow', () => {
  it('the dialog shows a refused booking (429) as a toast with the pt-BR message', async () => {
    const { context, page } = await newPage(h.browser, DESKTOP);
    try {
      const lead = sampleLead();
      await fillWholeForm(page, h.url, 'Consultoria', lead);
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await dialog(page).waitFor();
      await pickFirstAvailableDay(page);
      await slotButtons(page).first().click();
      await exhaust('/api/meetings', () => ({}));
      await dialog(page).getByRole('button', { name: 'Confirmar Agendamento' }).click();
      await toast(page, 'Erro ao agendar reunião', TOO_MANY);
      const { rows } = await h.db.query('select 1 from meetings m join leads l on l.id = m.lead_id where l.email = $1', [lead.email]);
      expect(rows).toHaveLength(0);
    } finally {
      await context.close();
    }
  });

  it('the wizard shows a refused lead (429) as a toast, keeps the values and stores nothing', async () => {
    const { context, page } = await newPage(h.browser, DESKTOP);
    try {
      const lead = sampleLead();
      await fillWholeForm(page, h.url, 'Consultoria', lead);
      let n = 0;
      await exhaust('/api/leads', () => ({ email: `x${n++}@example.com` }));
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await toast(page, 'Erro ao salvar dados', TOO_MANY);
      const { rows } = await h.db.query('select 1 from leads where email = $1', [lead.email]);
      expect(rows).toHaveLength(0);
      await page.getByRole('button', { name: 'Voltar' }).click();
      await page.getByRole('button', { name: 'Voltar' }).click();
      await page.getByRole('button', { name: 'Voltar' }).click();
      expect(await field(page, 'email').inputValue()).toBe(lead.email);
    } finally {
      await context.close();
    }
  });
});
