// /painel for the rest of the team's work, on the real server: the mentor's Equipe (a command through its
// form, the first error focused, the agenda link shown once) and Atividade at 390 px and on a desktop, and
// a consultant's narrower console; axe (WCAG 2.1 A/AA) clean in every state.
import { afterAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support';
import { MENTOR, painelHarness, section, signedIn } from './painel.fixtures';
import { PHONE } from './orcamento.fixtures';

const ANA = 'ana.souza@consultores.example.com';
const DESKTOP = { width: 1280, height: 900 };

const { h } = painelHarness();
// Gil joins the worker's site active, with hours: every later file there would route bookings to him too.
afterAll(async () => {
  await h.db.query(`update presellers set active = false where email = 'gil.pereira@consultores.example.com'`);
});


describe('/painel: Equipe, Atividade and a consultant', () => {
  it('the mentor adds a consultant, sets hours, makes an agenda link and reads the activity (390 px)', async () => {
    const { context, page } = await signedIn(h, MENTOR, PHONE);
    try {
      await section(page, 'Equipe').click();
      await page.getByRole('heading', { name: 'Equipe' }).waitFor();
      await page.getByRole('heading', { name: 'Ana Souza' }).waitFor();
      expect(await axeViolations(page), 'equipe').toEqual([]);

      // "+ Cadastrar consultor" opens the form; submitting with no name: the error is on "Nome", focused.
      await page.getByRole('button', { name: '+ Cadastrar consultor' }).click();
      await page.getByRole('button', { name: 'Cadastrar consultor', exact: true }).click();
      const name = page.locator('#equipe-nome');
      await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(page), 'equipe: error').toEqual([]);
      await name.fill('Gil Pereira');
      await page.locator('#equipe-email').fill('gil.pereira@consultores.example.com');
      await page.getByRole('button', { name: 'Cadastrar consultor', exact: true }).click();
      await page.getByText('Consultor Gil Pereira cadastrado').waitFor();

      // The grid: Monday 9h–12h and 13h–18h, copied to every day on (Monday to Friday).
      await page.getByText('Alterar Gil Pereira').click();
      const monday = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Gil Pereira' }) }).getByRole('group', { name: 'Segunda' });
      await monday.getByLabel('Fim 1').selectOption('12:00');
      await monday.getByRole('button', { name: 'Adicionar intervalo: segunda' }).click();
      await monday.getByLabel('Início 2').selectOption('13:00');
      await monday.getByLabel('Fim 2').selectOption('18:00');
      await monday.getByRole('button', { name: 'Copiar para todos os dias os horários de segunda' }).click();
      await page.getByRole('button', { name: 'Salvar horários' }).last().click();
      // Named by name, not by address.
      await page.getByText('Horários de Gil Pereira: seg–sex, 9h–12h e 13h–18h.').waitFor();
      // One form at a time: the agenda link is its own choice.
      await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Gil Pereira' }) }).getByRole('radio', { name: 'Link de agenda' }).check();
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
      const activity = page.getByRole('region', { name: 'Atividade' });
      await activity.getByText(/· Gil Pereira$/).first().waitFor();
      expect(await activity.getByText('gil.pereira@consultores.example.com').count()).toBe(0);
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
      expect(await nav.getByRole('button').allInnerTexts()).toEqual(['Hoje', 'Reuniões', 'Leads', 'Números', 'Minha agenda']);
      expect(await page.getByRole('link', { name: 'Exportar CSV' }).count()).toBe(0);
      expect(await axeViolations(page), 'consultor: reuniões').toEqual([]);
      await section(page, 'Leads').click();
      await page.getByLabel('Buscar').waitFor();
      expect(await page.getByRole('link', { name: 'Exportar CSV' }).count()).toBe(0);
      expect(await axeViolations(page), 'consultor: leads').toEqual([]);
      // Minha agenda: her own hours, time off, calendar and room, with Equipe's forms; no share, no identity.
      await section(page, 'Minha agenda').click();
      await page.getByRole('heading', { name: 'Minha agenda' }).waitFor();
      await page.getByRole('heading', { name: 'Ana Souza' }).waitFor();
      await page.getByRole('group', { name: 'Segunda' }).waitFor();
      // Her choices: hours, time off, calendar and room; not the mentor's.
      expect(await page.getByRole('group', { name: 'O que alterar' }).getByRole('radio').count()).toBe(4);
      expect(await page.getByRole('group', { name: 'O que alterar' }).innerText()).toMatch(/^O que alterar\s+Horários\s+Folgas\s+Agenda \(iCal\)\s+Sala de vídeo$/);
      await page.getByRole('radio', { name: 'Folgas' }).check();
      expect(await page.getByRole('button', { name: 'Marcar folga' }).count()).toBe(1);
      expect(await page.getByText('Peso na distribuição').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Desativar consultor' }).count()).toBe(0);
      expect(await axeViolations(page), 'consultor: minha agenda').toEqual([]);
      await page.getByRole('button', { name: 'Conta' }).click();
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
