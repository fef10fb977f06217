// /painel as an app with addresses, at 390 px on the real server and database: the mentor's "Novo lead
// pelo site" mail's "Abrir no painel" signs in and then opens that lead; Back and Forward move between
// the list, the lead and its meeting; a reload keeps the place; a tab is an address; an address that
// names nothing says "Não encontrado."; a screen whose code cannot load (offline) offers "Tentar de
// novo"; the console has its own bar, no site header or footer. And the mentor cancels a consultant's
// meeting from it: the lead's mail and the CANCEL invites arrive, the time is offered again; a consultant
// reschedules their meeting from it and the lead gets the updated invite. axe clean in each new state.
// (One sign-in per person for the file: codes are limited per address per hour.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support';
import { PHONE, startHarness, type Harness } from './orcamento.fixtures';
import { bookThroughApi, freeSlots, to, waitForMails } from './reuniao.fixtures';
import { signedIn } from './painel.fixtures';

const MENTOR = 'contato@mentorsolar.com.br';

let h: Harness;
/** The file's one sign-in (codes are limited per address per hour; every browser file signs the mentor in). */
let context: BrowserContext | null = null;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await context?.close();
  await h?.close();
});

async function expectAxeClean(page: Page, state: string) {
  expect(await axeViolations(page), state).toEqual([]);
}

const hashOf = (page: Page) => page.evaluate(() => location.hash);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('/painel: every place has an address', () => {
  it('opens a mailed lead after sign-in; Back, Forward and reload move between the list, the lead and its meeting', async () => {
    const stamp = Date.now();
    const email = `endereco.${stamp}@solarbrasil.com.br`;
    const name = `Natália Endereço ${stamp}`;
    const company = `Endereço Solar ${stamp}`;
    const { meetingId } = await bookThroughApi(h.url, h.dataDir, email, { nomeCompleto: name, nomeEmpresa: company });
    const { rows } = await h.db.query<{ id: string }>('select id from leads where email = $1', [email]);
    const leadId = rows[0].id;

    // The mentor's notice links straight to the lead (ids only in the address).
    const [notice] = await waitForMails(h.dataDir, (m) => m.subject === `Novo lead pelo site: ${company}`);
    const link = /Abrir no painel: (\S+)/.exec(notice.text)?.[1] ?? '';
    expect(link).toMatch(new RegExp(`/painel#lead=${leadId}$`));
    expect(notice.html).toContain(`href="${link}"`);

    // Locally the link is this server's (npm start without SITE_URL), not the production site's.
    expect(link.startsWith(`${h.url}/painel#`)).toBe(true);
    // Signed out: the mail's address shows the sign-in, then that lead.
    const session = await signedIn(h, MENTOR, PHONE, link.slice(h.url.length));
    context = session.context;
    const page = session.page;
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    try {
      const leadHeading = page.getByRole('heading', { level: 2, name });
      await leadHeading.waitFor();
      expect(await hashOf(page)).toBe(`#lead=${leadId}`);
      // An app: its own bar (name, who, role, screens, Sair), no site header, menu or footer.
      const bar = page.getByRole('banner');
      await expect.poll(() => bar.count()).toBe(1);
      expect(await bar.getByRole('heading', { level: 1, name: 'Painel' }).count()).toBe(1);
      expect(await bar.getByText('· Mentor').count()).toBe(1);
      expect(await bar.getByRole('button', { name: 'Sair', exact: true }).count()).toBe(1);
      expect(await page.getByRole('contentinfo').count()).toBe(0);
      expect(await page.getByRole('link', { name: /Orçamento/ }).count()).toBe(0);
      await expectAxeClean(page, 'lead opened from the mail');

      // "Voltar" on a place opened directly goes to its list, in place of the entry (not out of the console).
      await page.getByRole('button', { name: 'Voltar' }).click();
      await page.getByRole('heading', { level: 2, name: 'Leads' }).waitFor();
      expect(await hashOf(page)).toBe('#leads');

      // The list → the lead: an address of its own.
      const row = page.locator('[data-row]:visible', { hasText: name });
      await row.click();
      await leadHeading.waitFor();
      expect(await hashOf(page)).toBe(`#lead=${leadId}`);
      // The lead → its meeting.
      await page.getByRole('button', { name: /Consultoria Empresarial ·|Consultoria ·/ }).first().click();
      await page.getByRole('heading', { level: 2, name: `Reunião com ${name}` }).waitFor();
      expect(await hashOf(page)).toBe(`#reuniao=${meetingId}`);
      await expectAxeClean(page, 'meeting by address');

      // Back: the lead; Back: the list, the focus on the row that opened the lead; Forward: the lead.
      await page.goBack();
      await leadHeading.waitFor();
      expect(await hashOf(page)).toBe(`#lead=${leadId}`);
      await page.goBack();
      await expect.poll(() => hashOf(page)).toBe('#leads');
      await row.waitFor();
      await expect.poll(() => focusedText(page)).toContain(name);
      expect(await leadHeading.isVisible()).toBe(false);
      await page.goForward();
      await leadHeading.waitFor();
      expect(await hashOf(page)).toBe(`#lead=${leadId}`);

      // A reload keeps the lead.
      await page.reload();
      await leadHeading.waitFor();
      expect(await hashOf(page)).toBe(`#lead=${leadId}`);

      // A tab is a place: its address survives a reload, and Back returns to the previous tab.
      const nav = page.getByRole('navigation', { name: 'Seções do painel' });
      await nav.getByRole('button', { name: 'Reuniões' }).click();
      await page.getByRole('heading', { level: 2, name: 'Reuniões' }).waitFor();
      expect(await hashOf(page)).toBe('#reunioes');
      await page.getByRole('tab', { name: 'Sem desfecho' }).click();
      expect(await hashOf(page)).toBe('#reunioes&aba=sem-desfecho');
      await page.reload();
      await expect.poll(() => page.getByRole('tab', { name: 'Sem desfecho' }).getAttribute('aria-selected')).toBe('true');
      await page.goBack();
      await expect.poll(() => page.getByRole('tab', { name: 'Próximas' }).getAttribute('aria-selected')).toBe('true');
      expect(await hashOf(page)).toBe('#reunioes');

      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('answers "Não encontrado." for an address that names nothing, and "Tentar de novo" when a screen cannot load', async () => {
    if (!context) throw new Error('the first test signs in');
    const page = await context.newPage();
    try {
      await page.goto(`${h.url}/painel#lead=${crypto.randomUUID()}`);
      await page.getByText('Não encontrado.').first().waitFor();
      // An id that could reach another endpoint never leaves the page.
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await page.evaluate(() => {
        location.hash = '#lead=..%2Fsessao';
      });
      await page.getByRole('heading', { level: 2, name: 'Não encontrado.' }).waitFor();
      expect(asked.filter((p) => p.startsWith('/api/'))).toEqual([]);
      await expectAxeClean(page, 'not found');

      // Offline (4G gone): Atividade's code cannot load; the connection message, not a blank page.
      await context.setOffline(true);
      await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: 'Atividade' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Não foi possível falar com o servidor. Verifique a conexão e tente de novo.' });
      await alert.waitFor();
      expect(await page.getByRole('navigation', { name: 'Seções do painel' }).isVisible()).toBe(true);
      await expectAxeClean(page, 'screen could not load');
      await context.setOffline(false);
      await alert.getByRole('button', { name: 'Tentar de novo' }).click();
      await page.getByRole('heading', { level: 2, name: 'Atividade' }).waitFor();
      expect(await hashOf(page)).toBe('#atividade');

      // "Período": a preset fills both dates (and the address); "De" after "Até" is said, and not asked.
      await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: 'Reuniões' }).click();
      await page.locator('#painel-secao-meetings').waitFor();
      await page.locator('summary', { hasText: 'Filtros' }).first().click();
      await page.getByRole('button', { name: 'Hoje', exact: true }).click();
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
      await expect.poll(() => hashOf(page)).toBe(`#reunioes&de=${today}&ate=${today}`);
      expect(await page.getByRole('button', { name: 'Hoje', exact: true }).getAttribute('aria-pressed')).toBe('true');
      const refused: number[] = [];
      page.on('response', (r) => r.url().includes('/api/painel/') && r.status() >= 400 && refused.push(r.status()));
      await page.locator('#reunioes-periodo-de').fill('2099-01-01');
      await page.getByText('A data inicial é depois da final.').waitFor();
      await expectAxeClean(page, 'period refused');
      expect(refused).toEqual([]);
    } finally {
      await context.setOffline(false);
      await page.close();
    }
  });

  it('the mentor cancels a consultant\'s meeting with the keyboard: the lead\'s mail and the CANCEL invites arrive, the time is offered again', async () => {
    if (!context) throw new Error('the first test signs in');
    const email = `cancelar.${Date.now()}@solarbrasil.com.br`;
    const { meetingId, day, time } = await bookThroughApi(h.url, h.dataDir, email);
    const { rows } = await h.db.query<{ email: string; id: string }>('select p.email, p.id from meetings m join presellers p on p.id = m.preseller_id where m.id = $1', [meetingId]);
    const consultant = rows[0].email;
    // The consultant's own time (another consultant may be free at the same hour).
    const offered = async () => (await freeSlots(h.url, day, rows[0].id)).includes(`${time}|${rows[0].id}`);
    expect(await offered()).toBe(false);

    const page = await context.newPage();
    try {
      await page.goto(`${h.url}/painel#reuniao=${meetingId}`);
      const open = page.getByRole('button', { name: 'Cancelar reunião' });
      await open.focus();
      await page.keyboard.press('Enter');
      const reason = page.getByLabel('Motivo');
      await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectAxeClean(page, 'cancel form');
      // Nothing typed: the rule is said and the focus stays on the field; nothing is sent.
      await page.keyboard.press('Enter');
      await page.getByText('Informe o motivo em uma linha, com até 200 caracteres, sem caracteres de controle.').waitFor();
      await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectAxeClean(page, 'cancel form, reason missing');
      await page.keyboard.type('O lead pediu para remarcar por telefone');
      await page.keyboard.press('Enter');
      await page.getByText('Reunião cancelada. O lead e o consultor receberam o cancelamento por e-mail.').waitFor();
      await page.getByText(`Cancelada pelo painel por ${MENTOR}`).waitFor();
      expect(await page.getByRole('button', { name: 'Cancelar reunião' }).count()).toBe(0);
      await expectAxeClean(page, 'meeting cancelled');
    } finally {
      await page.close();
    }

    // The lead's cancellation and the consultant's, each with METHOD:CANCEL for this meeting's UID.
    const [toLead] = await waitForMails(h.dataDir, (m) => to(email)(m) && m.subject.startsWith('Reunião cancelada'));
    const [toConsultant] = await waitForMails(h.dataDir, (m) => to(consultant)(m) && m.subject.startsWith('Reunião cancelada') && m.text.includes(email));
    for (const mail of [toLead, toConsultant]) {
      // (The invite travels twice in a mail: the calendar part and the .ics attachment.)
      expect(mail.ics.length).toBeGreaterThan(0);
      expect(mail.ics.map((i) => [i.method, i.uid.startsWith(meetingId)])).toEqual(mail.ics.map(() => ['CANCEL', true]));
    }
    expect(toLead.text).toContain('O consultor precisou cancelar a sua reunião');
    expect(toConsultant.text).toContain('Motivo: O lead pediu para remarcar por telefone');
    // The freed time is offered again.
    await expect.poll(offered, { timeout: 20_000 }).toBe(true);
  });

  it('the outcome form opens with the outcome recorded, keeps what was saved, and "Sem desfecho" drops the meeting without a reload', async () => {
    if (!context) throw new Error('the first test signs in');
    const stamp = Date.now();
    const name = `Desfecho Endereço ${stamp}`;
    const { meetingId } = await bookThroughApi(h.url, h.dataDir, `desfecho.${stamp}@solarbrasil.com.br`, { nomeCompleto: name });
    // Time passes: the meeting started an hour ago.
    await h.db.query(`update meetings set starts_at = now() - interval '60 minutes', ends_at = now() - interval '30 minutes' where id = $1`, [meetingId]);
    const { rows } = await h.db.query<{ preseller_id: string; day: string }>(
      `select preseller_id, to_char(starts_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as day from meetings where id = $1`, [meetingId]);
    const { preseller_id: consultor, day } = rows[0];

    const page = await context.newPage();
    try {
      // The list's tab and filters come from the address (a copied link shows the same list).
      await page.goto(`${h.url}/painel#reunioes&aba=sem-desfecho&consultor=${consultor}&de=${day}&ate=${day}`);
      const row = page.locator('[data-row]:visible', { hasText: name });
      await row.click();
      await page.getByRole('heading', { level: 2, name: `Reunião com ${name}` }).waitFor();
      const save = page.getByRole('button', { name: 'Registrar desfecho' });
      await save.click();
      await page.getByText('Escolha se houve comparecimento.').waitFor();
      await page.getByRole('radio', { name: 'Compareceu', exact: true }).check();
      await save.click();
      await page.getByText('Escolha se o lead é qualificado.').waitFor();
      await page.getByRole('radio', { name: 'Sim' }).check();
      await save.click();
      await page.getByText('Desfecho registrado.').waitFor();
      expect(await page.getByRole('radio', { name: 'Compareceu', exact: true }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: 'Sim' }).isChecked()).toBe(true);

      // Back to the list that was loaded before: the meeting has left "Sem desfecho", with no new request.
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await page.goBack();
      await page.getByRole('tab', { name: 'Sem desfecho' }).waitFor();
      await expect.poll(() => row.count()).toBe(0);
      expect(asked.filter((p) => p === '/api/painel/reunioes')).toEqual([]);
      await expectAxeClean(page, 'sem desfecho after the outcome');

      // The meeting's address again: the form starts from the outcome recorded.
      await page.goto(`${h.url}/painel#reuniao=${meetingId}`);
      await page.getByRole('heading', { level: 2, name: `Reunião com ${name}` }).waitFor();
      await expect.poll(() => page.getByRole('radio', { name: 'Compareceu', exact: true }).isChecked()).toBe(true);
      expect(await page.getByRole('radio', { name: 'Sim' }).isChecked()).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('a consultant reschedules their meeting from the painel: the lead gets the updated invite', async () => {
    const email = `reagendar.${Date.now()}@solarbrasil.com.br`;
    const { meetingId, day } = await bookThroughApi(h.url, h.dataDir, email);
    const { rows } = await h.db.query<{ email: string; id: string; name: string }>(
      'select p.email, p.id, p.name from meetings m join presellers p on p.id = m.preseller_id where m.id = $1', [meetingId]);
    const consultant = rows[0];
    // A later day on which this consultant is free.
    let target: { day: string; time: string } | null = null;
    for (let ahead = 1; ahead <= 30 && !target; ahead++) {
      const next = new Date(Date.parse(`${day}T12:00:00Z`) + ahead * 86_400_000).toISOString().slice(0, 10);
      const free = (await freeSlots(h.url, next, consultant.id)).find((s) => s.endsWith(`|${consultant.id}`));
      if (free) target = { day: next, time: free.split('|')[0] };
    }
    if (!target) throw new Error('no free time for the consultant in 30 days');

    const session = await signedIn(h, consultant.email, PHONE, `/painel#reuniao=${meetingId}`);
    try {
      const page = session.page;
      await page.getByRole('button', { name: 'Reagendar' }).click();
      await page.getByLabel('Novo dia').fill(target.day);
      await page.getByLabel('Horário').selectOption(target.time);
      await expectAxeClean(page, 'reschedule form');
      await page.getByRole('button', { name: 'Confirmar novo horário' }).click();
      await page.getByText(new RegExp(`^Reunião reagendada para .* às ${target.time} com ${consultant.name}\\.`)).waitFor();
      await expectAxeClean(page, 'meeting rescheduled');
    } finally {
      await session.context.close();
    }
    const [moved] = await waitForMails(h.dataDir, (m) => to(email)(m) && m.subject.startsWith('Reunião reagendada'));
    expect(moved.subject).toContain(`às ${target.time}`);
    expect(moved.ics.length).toBeGreaterThan(0);
    expect(moved.ics.map((i) => [i.method, i.sequence, i.uid.startsWith(meetingId)])).toEqual(moved.ics.map(() => ['REQUEST', 1, true]));
  });
});
