// "Reuniões da semana" (Números) at 390 px, keyboard only, on the real server and database: today is the
// day shown, the strip and "Próximo dia"/"Dia anterior" move one day at a time, a meeting shows its time,
// lead, company, consultant and status and opens its own address (Back returns the focus to it); the
// mentor's consultant filter; on a desktop the seven days side by side. axe clean in each state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support';
import { DESKTOP, PHONE, startHarness, type Harness } from './orcamento.fixtures';
import { sharedSession } from './painel.fixtures';

const MENTOR = 'contato@mentorsolar.com.br';
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await mentor.close();
  await h?.close();
});
const mentor = sharedSession(() => h, MENTOR, PHONE);

const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** Tab (forward) until the element is focused: keyboard only, as a person without a mouse gets there. */
async function tabTo(page: Page, isTarget: () => Promise<boolean>) {
  for (let i = 0; i < 120 && !(await isTarget()); i++) await page.keyboard.press('Tab');
  expect(await isTarget()).toBe(true);
}

/** A meeting today (Brasília) with the first active consultant, at the first free half hour from 00:07. */
async function meetingToday(stamp: number): Promise<{ id: string; time: string; day: string; consultant: { id: string; name: string }; other: string }> {
  const { rows: team } = await h.db.query<{ id: string; name: string }>('select id, name from presellers where active order by created_at limit 2');
  const { rows: [lead] } = await h.db.query<{ id: string }>(
    `insert into leads (idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores, segmento, modelo_negocio, origem,
       consent_at, privacy_policy_version, servico, routing_kind)
     values ($1, $2, $3, '11987654321', 'Empresa Semana', '11222333000181', 'ceo-proprietario', '100-500', '1-2', 'energia-solar', 'b2b', 'site', now(), 'v1', 'trafego', 'team') returning id`,
    [`semana-${stamp}`, `Lead Semana ${stamp}`, `semana.${stamp}@exemplo.com.br`]);
  for (let k = 0; k < 40; k++) {
    try {
      const { rows: [m] } = await h.db.query<{ id: string; time: string; day: string }>(
        `insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key, booked_at, created_at, time_set_at)
         select $1, $2, s, s + interval '30 minutes', 'trafego', 50, $3, now(), now(), now()
         from (select (date_trunc('day', now() at time zone 'America/Sao_Paulo') + make_interval(mins => 7 + 30 * $4::int)) at time zone 'America/Sao_Paulo' as s) x
         returning id, to_char(starts_at at time zone 'America/Sao_Paulo', 'HH24:MI') as time, to_char(starts_at at time zone 'America/Sao_Paulo', 'DD/MM') as day`,
        [lead.id, team[0].id, `semana-m-${stamp}`, k]);
      return { ...m, consultant: team[0], other: team[1].id };
    } catch {
      // That half hour is taken for this consultant (another file's meeting): the next one.
    }
  }
  throw new Error('no free half hour today');
}

describe('/painel Números: Reuniões da semana', () => {
  it('a day at a time on a phone, by keyboard; each meeting opens its address; the seven days on a desktop', async () => {
    const stamp = Date.now();
    const meeting = await meetingToday(stamp);
    // Brasília's day before the page opens and after it shows its first day: across midnight they differ,
    // and the page's "today" is one of them.
    const brDay = () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit' }).format(new Date());
    const dayBefore = brDay();
    const page = await mentor.page();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: 'Números' }).click();
    const week = page.getByRole('region', { name: 'Reuniões da semana' });
    const linkName = `${meeting.time}, Lead Semana ${stamp}, Empresa Semana`;
    const link = week.getByRole('link', { name: linkName });
    const days = week.getByRole('group', { name: 'Dias da semana' });
    const today = days.locator('[aria-pressed="true"]');
    // The day shown first is today (the meeting's, unless Brasília's midnight passed since it was stored).
    await today.waitFor();
    const brDays = new Set([dayBefore, brDay()]);
    expect(await today.getAttribute('aria-pressed')).toBe('true');
    const name = (button: typeof today) => button.locator('.sr-only').textContent();
    const todayName = (await name(today))!;
    expect([...brDays].some((d) => todayName.includes(` ${d}: `)), `${todayName} names ${[...brDays].join(' or ')}`).toBe(true);
    const meetingDay = days.getByRole('button', { name: new RegExp(` ${meeting.day}: `) });
    if ((await meetingDay.getAttribute('aria-pressed')) !== 'true') {
      await tabTo(page, () => meetingDay.evaluate((el) => el === document.activeElement));
      await page.keyboard.press('Enter');
    }
    await link.waitFor();
    // pt-BR time; lead, company, consultant and status under it.
    const item = week.locator('li').filter({ has: page.getByRole('link', { name: linkName }) });
    expect(await link.textContent()).toBe(meeting.time);
    expect(await item.textContent()).toMatch(new RegExp(`Lead Semana ${stamp}Empresa Semana${meeting.consultant.name}(Sem desfecho|Marcada)$`));
    const todayText = await name(today);
    expect(todayText).toMatch(/^(Seg|Ter|Qua|Qui|Sex|Sáb|Dom) \d{2}\/\d{2}: [1-9]\d* (reunião|reuniões)$/);
    expect(await axeViolations(page), 'semana, hoje').toEqual([]);
    expect(await fitsPhone(page)).toBe(true);

    // Keyboard only: the next day hides today's meeting, the day before shows it again.
    const next = week.getByRole('button', { name: 'Próximo dia ›' });
    await tabTo(page, () => next.evaluate((el) => el === document.activeElement));
    await page.keyboard.press('Enter');
    await expect.poll(() => link.isVisible()).toBe(false);
    expect(await axeViolations(page), 'semana, outro dia').toEqual([]);
    await page.keyboard.press('Shift+Tab');
    expect(await focusedText(page)).toBe('‹ Dia anterior');
    await page.keyboard.press('Enter');
    await link.waitFor();
    // The strip: the meeting's day says its count.
    expect(await name(today)).toBe(todayText);

    // The meeting's own address; Back returns to the week with the focus on the link that opened it.
    await tabTo(page, () => link.evaluate((el) => el === document.activeElement));
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#reuniao=${meeting.id}`);
    await page.locator(`text=Lead Semana ${stamp} >> visible=true`).first().waitFor();
    await page.goBack();
    await expect.poll(() => link.evaluate((el) => el === document.activeElement)).toBe(true);

    // The mentor's consultant filter: another consultant's week has not this meeting.
    await week.getByLabel('Consultor').selectOption(meeting.other);
    await expect.poll(() => page.evaluate(() => location.hash)).toContain(`consultor=${meeting.other}`);
    await expect.poll(() => link.count()).toBe(0);
    expect(await axeViolations(page), 'semana, um consultor').toEqual([]);
    await week.getByLabel('Consultor').selectOption('');
    await link.waitFor();

    // A desktop: the seven days side by side, no strip.
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => days.isVisible()).toBe(false);
    const headings = week.getByRole('heading', { level: 4 });
    expect(await headings.count()).toBe(7);
    for (let i = 0; i < 7; i++) expect(await headings.nth(i).isVisible()).toBe(true);
    const tops = await headings.evaluateAll((hs) => hs.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    expect(await axeViolations(page), 'semana, desktop').toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
