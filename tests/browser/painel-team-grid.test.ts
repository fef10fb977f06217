// Issue 33 at 390 px, on a real site (its own, CONTEXT=dev, so a calendar link on loopback is read rather
// than refused as internal): the mentor registers a consultant (welcome mail), sets a Saturday morning with
// the hours grid and sees the offered times change, adds and removes a time off, deactivates and reactivates
// the consultant, and has a calendar link answering 404 and one answering HTML refused with the pt-BR reason
// next to the field. axe clean in each state; nothing wider than the phone.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { feedRefusalCopy } from '../../src/domain/scheduling/calendar-copy';
import { holidayChecker } from '../../src/domain/scheduling/holidays';
import { schedulingConfig } from '../../src/domain/scheduling/config';
import { addDays, weekdayOf, zonedParts } from '../../src/domain/scheduling/time';
import { axeViolations } from './support';
import { MENTOR, painelHarness, section, signedIn } from './painel.fixtures';
import { PHONE } from './orcamento.fixtures';

const HELENA = `helena.prado.${Date.now().toString(36)}@consultores.example.com`;
const isHoliday = holidayChecker(schedulingConfig.holidays);
/** A Saturday at least 3 days ahead: the team works Monday to Friday, so only Helena's grid can open it. */
const SATURDAY = (() => {
  let d = addDays(zonedParts(new Date(), schedulingConfig.timeZone).date, 3);
  while (weekdayOf(d) !== 6 || isHoliday(d)) d = addDays(d, 1);
  return d;
})();

const { h } = painelHarness({ env: { CONTEXT: 'dev' } });
let calendars: Server;
let calendarBase: string;
beforeAll(async () => {
  calendars = createServer((req, res) => {
    if (req.url?.startsWith('/pagina')) return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Agenda</title><p>Olá</p>');
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => calendars.listen(0, '127.0.0.1', resolve));
  calendarBase = `http://127.0.0.1:${(calendars.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => calendars?.close(resolve));
  // The test leaves Helena inactive at its end; when it stops before, her Saturday stays open to every later file.
  await h.db.query('update presellers set active = false where email = $1', [HELENA]);
});

const saturdayTimes = async (page: Page): Promise<string[]> => {
  const res = await page.request.get(`${h.url}/api/availability?date=${SATURDAY}`);
  return ((await res.json()) as { availableSlots: { time: string }[] }).availableSlots.map((s) => s.time);
};
const isFocused = (l: Locator) => l.evaluate((el) => el === document.activeElement);
const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('/painel Equipe without command syntax (390 px)', () => {
  it('registers, sets hours by the grid, adds and removes a time off, deactivates and reactivates, refuses bad calendars', async () => {
    const { context, page } = await signedIn(h, MENTOR, PHONE);
    try {
      await section(page, 'Equipe').click();
      await page.getByRole('button', { name: '+ Cadastrar consultor' }).click();
      await page.locator('#equipe-nome').fill('Helena Prado');
      await page.locator('#equipe-email').fill(HELENA);
      await page.getByRole('button', { name: 'Cadastrar consultor', exact: true }).click();
      await page.getByText('Consultor Helena Prado cadastrado, com o horário padrão (seg–sex, 9h–18h).').waitFor();
      // The welcome mail, queued with the row (either site on the shared database may send it).
      const { rows: welcome } = await h.db.query<{ message: { subject: string; text: string } }>(`select message from outbox where kind = 'consultant-welcome' and lower(message->>'to') = $1`, [HELENA]);
      expect(welcome).toHaveLength(1);
      expect(welcome[0].message.subject).toBe('Bem-vindo à equipe da Mentor Solar');
      expect(welcome[0].message.text).toMatch(/https?:\/\/\S+\/painel/);
      expect(welcome[0].message.text).toContain('Minha agenda');
      // The same e-mail again (the form was emptied): refused next to the field, nothing added.
      await page.locator('#equipe-nome').fill('Helena Outra');
      await page.locator('#equipe-email').fill(HELENA.toUpperCase());
      await page.getByRole('button', { name: 'Cadastrar consultor', exact: true }).click();
      const email = page.locator('#equipe-email');
      await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('#equipe-email-erro').innerText()).toContain('Já existe um consultor com o e-mail');
      expect(await isFocused(email)).toBe(true);
      expect(await axeViolations(page), 'cadastro: e-mail repetido').toEqual([]);
      await page.getByRole('button', { name: 'Fechar' }).click();

      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Helena Prado' }) });
      await card.getByText('Alterar Helena Prado').click();
      expect(await saturdayTimes(page)).toEqual([]);

      // The grid: Saturday on, then an end before the start is refused next to the field.
      const saturday = card.getByRole('group', { name: 'Sábado' });
      await saturday.getByLabel('Atende no sábado').check();
      await saturday.getByLabel('Fim 1').selectOption('08:00');
      await card.getByRole('button', { name: 'Salvar horários' }).click();
      await expect.poll(() => isFocused(saturday.getByLabel('Fim 1'))).toBe(true);
      await saturday.getByText('O fim deve ser depois do início.').waitFor();
      expect(await axeViolations(page), 'grade: erro').toEqual([]);
      await saturday.getByLabel('Fim 1').selectOption('12:00');
      await card.getByRole('button', { name: 'Salvar horários' }).click();
      await card.getByText('Horários de Helena Prado: seg–sex, 9h–18h; sáb, 9h–12h.').waitFor();
      await expect.poll(() => saturdayTimes(page), { timeout: 15_000 }).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);

      // Time off on that Saturday: its times go; "Remover" brings them back. One already over is refused.
      await card.getByRole('radio', { name: 'Folgas' }).check();
      await card.getByLabel('Primeiro dia').fill('2020-01-06');
      await card.getByRole('button', { name: 'Marcar folga' }).click();
      await card.getByText('Esta folga já terminou: escolha um fim no futuro.').waitFor();
      await card.getByLabel('Primeiro dia').fill(SATURDAY);
      await card.getByLabel('Motivo (opcional)').fill('Congresso');
      await card.getByRole('button', { name: 'Marcar folga' }).click();
      const brSaturday = `${SATURDAY.slice(8, 10)}/${SATURDAY.slice(5, 7)}/${SATURDAY.slice(0, 4)}`;
      const removeOff = card.getByRole('button', { name: `Remover folga de ${brSaturday} (dia inteiro)` });
      await removeOff.waitFor();
      await expect.poll(() => saturdayTimes(page), { timeout: 15_000 }).toEqual([]);
      expect(await axeViolations(page), 'folga listada').toEqual([]);
      await removeOff.click();
      await card.getByText('Nenhuma folga marcada.').waitFor();
      await expect.poll(() => saturdayTimes(page), { timeout: 15_000 }).toHaveLength(6);

      // Calendar links: 404 and an HTML page are refused with the reason and what to copy; nothing saved.
      await card.getByRole('radio', { name: 'Agenda (iCal)' }).check();
      const feed = card.getByLabel('Endereço iCal da agenda');
      for (const [path, reason] of [['/agenda.ics', feedRefusalCopy.missing], ['/pagina.ics', feedRefusalCopy.notIcal]] as const) {
        await feed.fill(`${calendarBase}${path}`);
        await card.getByRole('button', { name: 'Conectar agenda' }).click();
        const error = card.getByText(reason, { exact: false });
        await error.waitFor();
        expect(await error.innerText()).toContain('Endereço secreto no formato iCal');
        await expect.poll(() => isFocused(feed)).toBe(true);
      }
      await feed.fill(`https://calendar.example.com/${'a'.repeat(5000)}.ics`);
      await card.getByRole('button', { name: 'Conectar agenda' }).click();
      await card.getByText(feedRefusalCopy.invalid, { exact: false }).waitFor();
      expect(await axeViolations(page), 'agenda recusada').toEqual([]);
      const { rows } = await h.db.query<{ n: number }>('select count(*)::int as n from calendar_feeds f join presellers p on p.id = f.preseller_id where p.email = $1', [HELENA]);
      expect(rows).toEqual([{ n: 0 }]);
      expect(await card.getByText('Agenda não conectada').count()).toBe(1);

      // Deactivated: no Saturday; reactivated: back.
      await card.getByRole('radio', { name: 'Desativar' }).check();
      await card.getByRole('button', { name: 'Desativar consultor' }).click();
      await card.getByRole('button', { name: 'Confirmar desativação' }).click();
      await card.getByText('Inativo', { exact: true }).waitFor();
      await expect.poll(() => saturdayTimes(page), { timeout: 15_000 }).toEqual([]);
      await card.getByRole('button', { name: 'Reativar consultor' }).click();
      await card.getByText('Ativo', { exact: true }).waitFor();
      await expect.poll(() => saturdayTimes(page), { timeout: 15_000 }).toHaveLength(6);
      expect(await axeViolations(page), 'reativado').toEqual([]);
      expect(await fitsPhone(page)).toBe(true);
      // Leave the shared site's team as it was: Helena inactive.
      await card.getByRole('button', { name: 'Desativar consultor' }).click();
      await card.getByRole('button', { name: 'Confirmar desativação' }).click();
      await card.getByText('Inativo', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  }, 300_000);
});
