// /painel for the rest of the team's work, on the real server: the mentor's Equipe (a command through its
// form, the first error focused, the agenda link shown once) and Atividade at 390 px and on a desktop, and
// a consultant's narrower console; axe (WCAG 2.1 A/AA) clean in every state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support';
import { signedIn } from './painel.fixtures';
import { PHONE, startHarness, type Harness } from './orcamento.fixtures';

const MENTOR = 'contato@mentorsolar.com.br';
const ANA = 'ana.souza@consultores.example.com';
const DESKTOP = { width: 1280, height: 900 };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});


const section = (page: Page, name: string) => page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name });

describe('/painel: Equipe, Atividade and a consultant', () => {
  it('the mentor adds a consultant, sets hours, makes an agenda link and reads the activity (390 px)', async () => {
    const { context, page } = await signedIn(h, MENTOR, PHONE);
    try {
      await section(page, 'Equipe').click();
      await page.getByRole('heading', { name: 'Equipe' }).waitFor();
      await page.getByRole('heading', { name: 'Ana Souza' }).waitFor();
      expect(await axeViolations(page), 'equipe').toEqual([]);

      // Submitting with no name: the error is on "Nome" and the focus goes there.
      await page.getByRole('button', { name: 'Cadastrar consultor' }).click();
      const name = page.getByLabel('Nome', { exact: true });
      await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(page), 'equipe: error').toEqual([]);
      await name.fill('Gil Pereira');
      await page.locator('#equipe-email').fill('gil.pereira@consultores.example.com');
      await page.getByRole('button', { name: 'Cadastrar consultor' }).click();
      await page.getByText('Consultor Gil Pereira cadastrado').waitFor();

      await page.getByText('Alterar Gil Pereira').click();
      const hours = page.getByLabel('Horários de atendimento').last();
      await hours.fill('seg-sex 09:00-12:00 13:00-18:00');
      await page.getByRole('button', { name: 'Salvar horários' }).last().click();
      await page.getByText('Horários de gil.pereira@consultores.example.com: seg-sex 09:00-12:00 13:00-18:00').waitFor();
      await page.getByRole('button', { name: 'Gerar link de agenda' }).last().click();
      const link = page.getByLabel('Link de assinatura (trate como senha)');
      await link.waitFor();
      expect(await link.inputValue()).toMatch(/^https?:\/\/[^ ]+\/api\/agenda\/[\w-]+/);
      expect(await axeViolations(page), 'equipe: member open, link shown').toEqual([]);
      const { rows } = await h.db.query<{ hours: number; token: boolean }>(
        `select (select count(*)::int from preseller_hours h where h.preseller_id = p.id) as hours, p.agenda_token_hash is not null as token
         from presellers p where p.email = 'gil.pereira@consultores.example.com'`);
      expect(rows).toEqual([{ hours: 10, token: true }]);

      await section(page, 'Atividade').click();
      await page.getByText('Equipe: gerou link de agenda').first().waitFor();
      await page.getByText('Equipe: cadastrou consultor').first().waitFor();
      expect(await axeViolations(page), 'atividade').toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('a consultant sees only their console: no Equipe, Atividade or export; axe clean on a desktop', async () => {
    const { context, page } = await signedIn(h, ANA, DESKTOP, '/painel#sem-desfecho');
    try {
      // Opened from the morning mail's link: on its tab.
      expect(await page.getByRole('tab', { name: 'Sem desfecho' }).getAttribute('aria-selected')).toBe('true');
      const nav = page.getByRole('navigation', { name: 'Seções do painel' });
      expect(await nav.getByRole('button').allInnerTexts()).toEqual(['Hoje', 'Reuniões', 'Leads', 'Números']);
      expect(await page.getByRole('link', { name: 'Exportar CSV' }).count()).toBe(0);
      expect(await axeViolations(page), 'consultor: reuniões').toEqual([]);
      await section(page, 'Leads').click();
      await page.getByLabel('Buscar').waitFor();
      expect(await page.getByRole('link', { name: 'Exportar CSV' }).count()).toBe(0);
      expect(await axeViolations(page), 'consultor: leads').toEqual([]);
      await page.getByRole('button', { name: 'Sair de todos os aparelhos' }).click();
      await page.getByRole('button', { name: 'Sim, sair de todos' }).click();
      await page.getByRole('heading', { name: 'Entrar' }).waitFor();
      await page.getByText('Você saiu do painel em todos os aparelhos.').waitFor();
      expect(await axeViolations(page), 'signed out').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
