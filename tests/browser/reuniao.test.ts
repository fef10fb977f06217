// /reuniao end to end at 390 px, on the real server and database: book through the wizard, open the lead's
// manage link from the .eml outbox, Reagendar (the calendar invite moves: same UID, SEQUENCE:1), Cancelar
// reunião (METHOD:CANCEL), with axe in every state and the token kept out of URLs, headers and analytics.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support';
import { PHONE, brDate, dialog, events, fillWholeForm, pickFirstAvailableDay, sampleLead, showMonthWithDays, slotButtons, startHarness, toast, type Harness } from './orcamento.fixtures';
import { freeSlots, manageLink, recordRequests, to, waitForMails, type Mail } from './reuniao.fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const rescheduleDialog = (page: Page) => page.getByRole('dialog', { name: 'Reagende sua Reunião' });
const detail = (page: Page, id: string) => page.getByTestId(`reuniao-${id}`).innerText();
const actions = (page: Page) => page.locator('main').getByRole('button', { name: /^(Reagendar|Cancelar reunião)$/ });

/** A phone whose page records the address at every analytics push (consent defaults, events…). */
async function phone(timezoneId = 'America/Sao_Paulo'): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await h.browser.newContext({ viewport: PHONE, locale: 'pt-BR', timezoneId, reducedMotion: 'reduce' });
  await context.addInitScript(() => {
    const w = window as unknown as { dataLayer: unknown[]; hrefAtPush: string[] };
    const layer: unknown[] = [];
    const push = layer.push.bind(layer);
    w.hrefAtPush = [];
    layer.push = (...items: unknown[]) => (w.hrefAtPush.push(location.href), push(...items));
    w.dataLayer = layer;
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP: ${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  return { context, page, problems };
}

async function consultantOf(email: string) {
  const { rows } = await h.db.query<{ id: string; email: string; first: string }>(
    `select p.id, p.email, split_part(p.name, ' ', 1) as first from meetings m join presellers p on p.id = m.preseller_id join leads l on l.id = m.lead_id
      where l.email = $1 order by m.created_at desc limit 1`,
    [email],
  );
  return rows[0];
}

const invites = (mails: Mail[], method: string) => mails.flatMap((m) => m.ics.filter((i) => i.method === method).map((i) => ({ to: m.to, ...i })));

describe('/reuniao: the lead manages the meeting from the email link', () => {
  it('reschedules (the old time is free again, the invite moves) and cancels (the time is free again)', async () => {
    const lead = sampleLead();
    const { context, page, problems } = await phone();
    const requests = recordRequests(page);
    try {
      // Book through the wizard, as a visitor does.
      await fillWholeForm(page, h.url, 'Consultoria', lead);
      await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
      await dialog(page).waitFor();
      const day = await pickFirstAvailableDay(page);
      const time = (await slotButtons(page).first().locator('span').first().innerText()).trim();
      await slotButtons(page).first().click();
      await dialog(page).getByRole('button', { name: 'Confirmar Agendamento' }).click();
      await toast(page, 'Agendamento realizado com sucesso!');
      const consultant = await consultantOf(lead.email);
      expect(await freeSlots(h.url, day, consultant.id)).not.toContain(`${time}|${consultant.id}`);

      // The lead's confirmation carries the manage link and the first invite.
      const [confirmation] = await waitForMails(h.dataDir, (m) => to(lead.email)(m) && /\/reuniao#t=/.test(m.text + m.html));
      const { url, token } = manageLink(confirmation, h.url);
      const [first] = invites([confirmation], 'REQUEST');
      expect(first.sequence).toBe(0);

      // Loading state (the real answer held back a moment), then the meeting.
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/manage', async (route) => (await held, route.continue()));
      await page.goto(url);
      await page.getByText('Carregando sua reunião...').waitFor();
      expect(new URL(page.url()).hash).toBe('');
      expect(await axeViolations(page)).toEqual([]);
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/manage'));
      release();
      await answered;
      await page.unroute('**/api/manage');
      await expect.poll(() => detail(page, 'situacao')).toBe('Agendada');
      expect(await detail(page, 'servico')).toBe('Consultoria Empresarial');
      expect(await detail(page, 'data')).toBe(brDate(day));
      expect(await detail(page, 'horario')).toBe(`${time} (horário de Brasília)`);
      expect(await detail(page, 'consultor')).toBe(consultant.first);
      expect(await axeViolations(page)).toEqual([]);

      // The token left the address before any script ran and stays out of URLs and headers; a reload keeps the page.
      expect(page.url()).toBe(`${h.url}/reuniao`);
      expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer');
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
      await page.reload();
      await expect.poll(() => detail(page, 'situacao')).toBe('Agendada');

      // Reagendar → another day, first free time.
      await page.getByRole('button', { name: 'Reagendar' }).click();
      await rescheduleDialog(page).waitFor();
      // Another day than the meeting's: late in a month the one shown may have no other (27 Nov, 15:20 in Brasília).
      await showMonthWithDays(page, 2, rescheduleDialog(page));
      const days = rescheduleDialog(page).locator('td[role="gridcell"]:not([data-disabled="true"])');
      await days.first().waitFor();
      const newDay = (await days.evaluateAll((cells) => cells.map((c) => c.getAttribute('data-day')))).find((d) => d && d !== day) as string;
      expect(newDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await rescheduleDialog(page).locator(`td[data-day="${newDay}"] button`).click();
      const slots = rescheduleDialog(page).locator('section[aria-labelledby="horarios-titulo"] button');
      await slots.first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      const newTime = (await slots.first().locator('span').first().innerText()).trim();
      await slots.first().click();
      await rescheduleDialog(page).getByRole('button', { name: 'Confirmar Agendamento' }).click();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'reagendada' }).innerText()).toBe(`Reunião reagendada para ${brDate(newDay)} às ${newTime}.`);
      expect(await rescheduleDialog(page).count()).toBe(0);
      expect(await detail(page, 'data')).toBe(brDate(newDay));
      expect(await axeViolations(page)).toEqual([]);

      // The old time is offered again, the new one is taken.
      const moved = await consultantOf(lead.email);
      expect(await freeSlots(h.url, day, consultant.id)).toContain(`${time}|${consultant.id}`);
      expect(await freeSlots(h.url, newDay, moved.id)).not.toContain(`${newTime}|${moved.id}`);

      // Lead and consultant get the same event again: METHOD:REQUEST, SEQUENCE:1, the same UID. One wait per
      // recipient: when the consultant changed, the old one's CANCEL (also SEQUENCE:1) is a third mail of the
      // same batch, and a count of two over all of them could be reached before the new consultant's.
      const eventMailsTo = (email: string, method: string, sequence?: number) => waitForMails(h.dataDir, (m) => to(email)(m)
        && m.ics.some((i) => i.uid === first.uid && i.method === method && (sequence === undefined || i.sequence === sequence)));
      for (const email of [lead.email, moved.email]) expect(await eventMailsTo(email, 'REQUEST', 1), email).not.toHaveLength(0);

      // The consultant's own link (their invite) may only cancel.
      // The consultant's copy of this meeting's new invite (other tests mail the same consultants).
      const [forConsultant] = await waitForMails(h.dataDir, (m) => to(moved.email)(m) && m.ics.some((i) => i.uid === first.uid && i.sequence === 1) && /\/reuniao#t=/.test(m.text + m.html));
      const consultantPage = await context.newPage();
      await consultantPage.goto(manageLink(forConsultant, h.url).url);
      await expect.poll(() => detail(consultantPage, 'situacao')).toBe('Agendada');
      expect(await actions(consultantPage).allInnerTexts()).toEqual(['Cancelar reunião']);
      await consultantPage.getByText('Você está vendo esta reunião como consultor.').waitFor();
      expect(await axeViolations(consultantPage)).toEqual([]);
      await consultantPage.close();

      // Cancelar reunião asks first (optional reason), then frees the time.
      await page.getByRole('button', { name: 'Cancelar reunião' }).click();
      await page.getByRole('heading', { name: 'Cancelar esta reunião?' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel('Motivo do cancelamento (opcional)').fill('Surgiu um imprevisto na empresa.');
      await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
      await page.getByText('Reunião cancelada.').waitFor();
      expect(await page.getByRole('link', { name: 'Agendar nova reunião' }).getAttribute('href')).toBe('/orcamento');
      expect(await detail(page, 'situacao')).toBe('Cancelada');
      expect(await actions(page).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      expect(await freeSlots(h.url, newDay, moved.id)).toContain(`${newTime}|${moved.id}`);

      for (const email of [lead.email, moved.email]) expect(await eventMailsTo(email, 'CANCEL'), email).not.toHaveLength(0);

      // Analytics: the service and who acted, nothing else.
      const changes = (await events(page)).filter((e) => /^meeting_/.test(String(e.event)));
      expect(changes).toEqual([
        { event: 'meeting_rescheduled', service: 'consultoria', actor: 'lead' },
        { event: 'meeting_cancelled', service: 'consultoria', actor: 'lead' },
      ]);

      // A cancelled meeting's page (reloaded) shows its status and offers no action.
      await page.reload();
      await expect.poll(() => detail(page, 'situacao')).toBe('Cancelada');
      expect(await actions(page).count()).toBe(0);

      // Nothing but the manage calls' bodies ever held the token; analytics never saw it in the address.
      const hrefs = await page.evaluate(() => (window as unknown as { hrefAtPush: string[] }).hrefAtPush);
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs.filter((href) => href.includes(token))).toEqual([]);
      const leaks = requests.filter((r) => r.url.includes(token) || JSON.stringify(r.headers).includes(token));
      expect(leaks.map((r) => r.url)).toEqual([]);
      expect(problems).toEqual([]);

      // From another time zone the page adds the visitor's own clock time.
      const abroad = await phone('Europe/Lisbon');
      try {
        await abroad.page.goto(url);
        await expect.poll(() => detail(abroad.page, 'situacao')).toBe('Cancelada');
        const shown = await detail(abroad.page, 'horario');
        expect(shown).toMatch(new RegExp(`^${newTime} \\(horário de Brasília\\)\\s+\\d{2}:\\d{2} no seu horário$`));
        expect(shown).not.toContain(`${newTime} no seu horário`);
      } finally {
        await abroad.context.close();
      }
    } finally {
      await context.close();
    }
  });

  it('an unknown or missing link says so, with no action', async () => {
    const { context, page, problems } = await phone();
    try {
      await page.goto(`${h.url}/reuniao#t=${randomBytes(32).toString('base64url')}`);
      await page.getByText('Link inválido ou expirado.').waitFor();
      expect(page.url()).toBe(`${h.url}/reuniao`);
      expect(await actions(page).count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await page.evaluate(() => sessionStorage.clear());
      await page.goto(`${h.url}/reuniao`);
      await page.getByText('Link inválido ou expirado.').waitFor();
      expect(problems.filter((p) => !/404/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
