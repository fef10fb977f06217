// "Negociações" on a lead's page at 390 px, keyboard only, on the real server: the mentor records a monthly
// proposal (an empty value is refused beside its field, which takes the focus), moves it to Ganho and reads
// the change in its history and in Atividade; a change made on a stale screen says "Recarregue" and saves
// nothing. axe clean in each new state.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dealCopy } from '../../src/domain/painel/deals';
import { axeViolations } from './support';
import { bookThroughApi } from './reuniao.fixtures';
import { MENTOR, painelHarness } from './painel.fixtures';

const { h, mentor } = painelHarness();

// Intl writes R$ with a no-break space: read the page's text as a person reads it.
const textOf = async (page: Page, selector: string) => (await page.locator(selector).innerText()).replace(/\u00A0/g, ' ');
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** Focuses a control and presses a key on it, as a keyboard user tabs to it and presses. */
async function press(page: Page, locator: ReturnType<Page['getByRole']>, key = 'Enter') {
  await locator.focus();
  await page.keyboard.press(key);
}

describe('/painel Negociações', () => {
  it('records a proposal, moves it to Ganho and shows the change in its history; a stale screen changes nothing', async () => {
    const email = `negocio.${Date.now()}@solarteste.com.br`;
    const name = 'Nina Negócio';
    await bookThroughApi(h.url, h.dataDir, email, { nomeCompleto: name });
    const { rows: [lead] } = await h.db.query<{ id: string }>('select id from leads where email = $1', [email]);
    const page = await mentor.page();
    try {
      await page.evaluate((id) => void (location.hash = `lead=${id}`), lead.id);
      await page.getByRole('heading', { level: 2, name }).waitFor({ timeout: 20_000 });
      const section = page.getByRole('region', { name: 'Negociações' });
      await section.getByText(dealCopy.none).waitFor({ timeout: 20_000 });

      await press(page, section.getByRole('button', { name: 'Nova proposta' }));
      const form = section.getByRole('form', { name: 'Nova proposta' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Nova proposta');
      // Nothing typed: the value's own message, and the focus on it.
      await press(page, form.getByRole('button', { name: 'Salvar proposta' }));
      await form.getByText(dealCopy.value.empty).waitFor();
      expect(await focusedId(page)).toMatch(/-valor$/);
      expect(await axeViolations(page), 'new proposal, refused').toEqual([]);

      // Mensal with the arrow keys, the value and months typed; the total shows as it is typed.
      await press(page, form.getByRole('radio', { name: 'Valor único' }), 'ArrowRight');
      expect(await form.getByRole('radio', { name: 'Mensal' }).isChecked()).toBe(true);
      await form.getByLabel('Valor mensal (R$)').focus();
      await page.keyboard.type('3.000,00');
      await page.keyboard.press('Tab');
      await page.keyboard.type('12');
      await form.getByText(/^Total: R\$\s36\.000,00$/).waitFor();
      await form.getByLabel('Previsão de fechamento (opcional)').fill('2026-12-20');
      await press(page, form.getByRole('button', { name: 'Salvar proposta' }));
      await section.getByRole('status').filter({ hasText: dealCopy.saved }).waitFor({ timeout: 20_000 });
      const card = section.locator('[data-deal]');
      expect(await card.count()).toBe(1);
      const shown = await textOf(page, '[data-deal]');
      expect(shown).toContain('Proposta enviada');
      expect(shown).toContain('R$ 3.000,00/mês × 12 = R$ 36.000,00');
      expect(shown).toContain('Previsão de fechamento: 20/12/2026');
      expect(await axeViolations(page), 'proposal saved').toEqual([]);

      // "Alterar" → Ganho: the history says who and "Proposta enviada ⇒ Ganho".
      await press(page, card.getByRole('button', { name: /^Alterar/ }));
      const edit = section.getByRole('form', { name: 'Alterar negociação' });
      await edit.getByLabel('Etapa').selectOption('ganho');
      expect(await axeViolations(page), 'change form').toEqual([]);
      await press(page, edit.getByRole('button', { name: 'Salvar alterações' }));
      await section.getByRole('status').filter({ hasText: dealCopy.saved }).waitFor({ timeout: 20_000 });
      const history = (await card.getByTestId('deal-history').innerText()).replace(/\u00A0/g, ' ');
      expect(history).toContain(MENTOR);
      expect(history).toContain('Proposta enviada ⇒ Ganho · R$ 3.000,00/mês × 12 = R$ 36.000,00');
      expect(history).toMatch(/\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
      expect(await textOf(page, '[data-deal]')).toMatch(/Ganho em \d{2}\/\d{2}\/\d{4}/);

      // Someone else saves meanwhile (the row moved on): "Recarregue", nothing saved, and "Recarregar" reads it again.
      await press(page, card.getByRole('button', { name: /^Alterar/ }));
      await h.db.query(`update deals set updated_at = updated_at + interval '1 second', expected_close_on = date '2027-01-15' where lead_id = $1`, [lead.id]);
      await section.getByRole('form', { name: 'Alterar negociação' }).getByLabel('Etapa').selectOption('em_negociacao');
      await press(page, section.getByRole('button', { name: 'Salvar alterações' }));
      await section.getByRole('alert').filter({ hasText: dealCopy.stale }).waitFor({ timeout: 20_000 });
      expect(await axeViolations(page), 'stale change').toEqual([]);
      const { rows: [stored] } = await h.db.query<{ stage: string }>('select stage from deals where lead_id = $1', [lead.id]);
      expect(stored.stage).toBe('ganho');
      await press(page, section.getByRole('button', { name: 'Recarregar' }));
      await section.getByText('Previsão de fechamento: 15/01/2027').waitFor({ timeout: 20_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Atividade: the change in words, by whom.
      await press(page, page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: 'Atividade' }));
      const line = page.locator('[data-row]', { hasText: 'Proposta enviada ⇒ Ganho' }).first();
      await line.waitFor({ timeout: 20_000 });
      const words = (await line.innerText()).replace(/\u00A0/g, ' ');
      expect(words).toContain('Negociação de um lead');
      expect(words).toContain(`${MENTOR} · Proposta enviada ⇒ Ganho · R$ 3.000,00/mês × 12 = R$ 36.000,00`);
    } finally {
      await page.close();
    }
  });
});
