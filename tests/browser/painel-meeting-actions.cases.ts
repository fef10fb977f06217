// The meeting's actions in the painel, as cases of painel-address.test.ts (run there, on its one
// mentor sign-in: codes are limited per address per hour, and each painel file signs the mentor in):
// the mentor cancels a consultant's meeting (the lead's mail and the CANCEL invites arrive, the time is
// offered again), the outcome form, and a consultant reschedules (the lead gets the updated invite).
import { expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support';
import { PHONE, type Harness } from './orcamento.fixtures';
import { bookThroughApi, freeSlots, to, waitForMails } from './reuniao.fixtures';
import { pastMeeting, signedIn } from './painel.fixtures';

const MENTOR = 'contato@mentorsolar.com.br';

async function expectAxeClean(page: Page, state: string) {
  expect(await axeViolations(page), state).toEqual([]);
}

/** Registers the cases inside the caller's describe; `session()`: the mentor's signed-in context. */
export function meetingActionCases(harness: () => Harness, session: () => BrowserContext | null) {
  it('the mentor cancels a consultant\'s meeting with the keyboard: the lead\'s mail and the CANCEL invites arrive, the time is offered again', async () => {
    const h = harness();
    const context = session();
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
    const h = harness();
    const context = session();
    if (!context) throw new Error('the first test signs in');
    const stamp = Date.now();
    const name = `Desfecho Endereço ${stamp}`;
    // Time passes: the meeting started an hour ago.
    const { meetingId, consultor, day } = await pastMeeting(h, `desfecho.${stamp}@solarbrasil.com.br`, name, 60);

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
    const h = harness();
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
      await page.getByRole('button', { name: 'Reagendar', exact: true }).click();
      await page.getByLabel('Novo dia').fill(target.day);
      await page.getByLabel('Horário').selectOption(target.time);
      await expectAxeClean(page, 'reschedule form');
      await page.getByRole('button', { name: 'Confirmar novo horário' }).click();
      await page.getByText(new RegExp(`^Reunião reagendada para .* às ${target.time} com ${consultant.name}, por (videochamada|ligação telefônica)\\.`)).waitFor();
      await expectAxeClean(page, 'meeting rescheduled');
    } finally {
      await session.context.close();
    }
    const [moved] = await waitForMails(h.dataDir, (m) => to(email)(m) && m.subject.startsWith('Reunião reagendada'));
    expect(moved.subject).toContain(`às ${target.time}`);
    expect(moved.ics.length).toBeGreaterThan(0);
    expect(moved.ics.map((i) => [i.method, i.sequence, i.uid.startsWith(meetingId)])).toEqual(moved.ics.map(() => ['REQUEST', 1, true]));
  });
}
