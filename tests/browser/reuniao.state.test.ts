// Issue 22 on /reuniao, on the real server and database: the line after the intro follows the meeting's
// state (only a meeting that can still change offers to change it: a cancelled, past or locked meeting,
// or a consultant's link, never says "você pode reagendar ou cancelar"), and the page says how the
// meeting happens (MeetingView.location): a phone call by default, 'Entrar na videochamada' for a
// consultant's room while the meeting is ahead. At 390 px, axe clean in every state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { locationCopy } from '../../src/domain/meeting-location';
import { axeViolations } from './support';
import { PHONE, sampleLead, startHarness, type Harness } from './orcamento.fixtures';
import { bookThroughApi, manageLink, to, waitForMails } from './reuniao.fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const OFFER = /reagendar ou cancelar/i;
const stateLine = (page: Page) => page.getByTestId('reuniao-intro-estado').innerText();
const mainText = (page: Page) => page.locator('main').innerText();

async function view(url: string, check: (page: Page) => Promise<void>) {
  const context = await h.browser.newContext({ viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  try {
    await page.goto(url);
    await page.getByTestId('reuniao-situacao').waitFor();
    expect(await page.getByText('Confira os detalhes da reunião.', { exact: true }).count()).toBe(1);
    await check(page);
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
  }
}

/** Moves a meeting in the database (to reach states no visitor can create through the page). */
async function moveMeeting(email: string, startsAt: string) {
  await h.db.query(
    `update meetings m set starts_at = ${startsAt}, ends_at = ${startsAt} + interval '30 minutes' from leads l where l.id = m.lead_id and l.email = $1`,
    [email],
  );
}

describe('/reuniao: the intro follows the meeting', () => {
  it('offers changes only while the meeting can change, and only the ones the link allows', async () => {
    const email = sampleLead().email;
    const { url, token } = await bookThroughApi(h.url, h.dataDir, email);

    await view(url, async (page) => {
      expect(await stateLine(page)).toBe('Se precisar, você pode reagendar ou cancelar por aqui.');
    });

    // The consultant's own link may only cancel, and says so.
    const { rows } = await h.db.query<{ email: string }>(`select p.email from meetings m join presellers p on p.id = m.preseller_id join leads l on l.id = m.lead_id where l.email = $1`, [email]);
    const [invite] = await waitForMails(h.dataDir, (m) => to(rows[0].email)(m) && (m.text + m.html).includes(email) && /\/reuniao#t=/.test(m.text + m.html) && !(m.text + m.html).includes(token));
    await view(manageLink(invite, h.url).url, async (page) => {
      expect(await stateLine(page)).toBe('Se precisar, você pode cancelar por aqui.');
      expect(await mainText(page)).not.toMatch(OFFER);
    });

    // Inside the booking notice (2 h before the start) nothing can change online.
    await moveMeeting(email, `date_trunc('minute', now()) + interval '61 minutes'`);
    await view(url, async (page) => {
      await page.getByTestId('reuniao-bloqueada').waitFor();
      expect(await stateLine(page)).toBe('A reunião está confirmada e começa em breve.');
      expect(await mainText(page)).not.toMatch(OFFER);
    });

    // Over.
    await moveMeeting(email, `date_trunc('minute', now()) - interval '3 days'`);
    await view(url, async (page) => {
      expect(await page.getByTestId('reuniao-situacao').innerText()).toBe('Encerrada');
      expect(await stateLine(page)).toBe('Esta reunião já aconteceu.');
      expect(await mainText(page)).not.toMatch(OFFER);
    });
  });

  it('a cancelled meeting says it was cancelled, not that it can change', async () => {
    const { url } = await bookThroughApi(h.url, h.dataDir, sampleLead().email);
    await view(url, async (page) => {
      await page.locator('main').getByRole('button', { name: 'Cancelar reunião' }).click();
      await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
      await page.getByText('Reunião cancelada.').waitFor();
      expect(await stateLine(page)).toBe('Esta reunião foi cancelada.');
      expect(await mainText(page)).not.toMatch(OFFER);
      await page.reload();
      await expect.poll(() => page.getByTestId('reuniao-situacao').innerText()).toBe('Cancelada');
      expect(await stateLine(page)).toBe('Esta reunião foi cancelada.');
    });
  });
});

// These read MeetingView.location from the server (the backend side of issue 22, item 2): they pass once
// /api/manage returns it and presellers have their room (room_url).
describe('/reuniao: how the meeting happens', () => {
  it('a consultant without a room calls the lead; a room is a link while the meeting is ahead', async () => {
    const email = sampleLead().email;
    const { url } = await bookThroughApi(h.url, h.dataDir, email);
    const location = (page: Page) => page.getByTestId('reuniao-local').innerText();
    const { rows } = await h.db.query<{ id: string; room: string | null }>(
      `select p.id, p.room_url as room from meetings m join presellers p on p.id = m.preseller_id join leads l on l.id = m.lead_id where l.email = $1`,
      [email],
    );
    const { id: consultant, room: roomBefore } = rows[0];
    const room = `https://meet.example.com/sala-${consultant.slice(0, 8)}`;
    try {
      await h.db.query(`update presellers set room_url = null where id = $1`, [consultant]);
      await view(url, async (page) => {
        expect(await location(page)).toBe(`${locationCopy.phone.label}\n${locationCopy.phone.detail}`);
        expect(await page.getByRole('link', { name: locationCopy.video.join }).count()).toBe(0);
      });

      await h.db.query(`update presellers set room_url = $2 where id = $1`, [consultant, room]);
      await view(url, async (page) => {
        expect(await location(page)).toMatch(new RegExp(`^${locationCopy.video.label}\\n${locationCopy.video.detail}\\n${locationCopy.video.join}$`));
        expect(await page.getByRole('link', { name: 'Entrar na videochamada' }).getAttribute('href')).toBe(room);
        // Cancelled: the kind stays, the way in goes.
        await page.locator('main').getByRole('button', { name: 'Cancelar reunião' }).click();
        await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
        await page.getByText('Reunião cancelada.').waitFor();
        expect(await location(page)).toBe(locationCopy.video.label);
        expect(await page.getByRole('link', { name: locationCopy.video.join }).count()).toBe(0);
      });
    } finally {
      await h.db.query(`update presellers set room_url = $2 where id = $1`, [consultant, roomBefore]);
    }
  });
});
