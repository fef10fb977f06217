// A day off over a booked meeting, on the real server at 390 px: "Folgas" saves it, then lists the meeting
// it leaves ("… tem 2 reuniões nesse período"); "Reagendar com outro consultor" moves it at the same time to
// a free colleague, and the lead's updated invite arrives (the .eml in the site's outbox, its .ics parsed:
// same UID, SEQUENCE 1, the new consultant); one cancelled behind the screen is said so. Equipe → Alterar shows one form at a time, chosen from the
// keyboard. axe clean in every new state.
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support';
import { painelHarness, section } from './painel.fixtures';
import { freeSlots, to, waitForMails } from './reuniao.fixtures';
import { POLICY_VERSION, validLead } from '../support/fixtures';

const { h, mentor } = painelHarness();

const post = (path: string, body: unknown) => fetch(`${h.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const brDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

async function book(presellerId: string, day: string, time: string, lead: { nomeCompleto: string; nomeEmpresa: string; email: string }) {
  const created = await post('/api/leads', { ...validLead, ...lead, idempotencyKey: `k-${crypto.randomUUID()}`, privacyPolicyVersion: POLICY_VERSION });
  expect(created.status).toBe(201);
  const { id: leadId } = (await created.json()) as { id: string };
  const booked = await post('/api/meetings', { leadId, scheduledDate: day, scheduledTime: time, presellerId, service: 'consultoria', diagnosticScore: 50, idempotencyKey: `k-${crypto.randomUUID()}` });
  expect(booked.status, await booked.clone().text()).toBe(201);
  return ((await booked.json()) as { meeting: { id: string } }).meeting.id;
}

/** A consultant of this file's own (the site's database is shared by every browser file), with two meetings booked with them on one day. */
async function consultantWithMeetings(name: string, email: string, leadEmails: [string, string]) {
  const { rows: [{ id }] } = await h.db.query<{ id: string }>('insert into presellers (name, email) values ($1, $2) returning id', [name, email]);
  for (let ahead = 2; ahead <= 30; ahead++) {
    const day = new Date(Date.now() + ahead * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const times = (await freeSlots(h.url, day, id)).filter((s) => s.endsWith(`|${id}`)).map((s) => s.split('|')[0]);
    if (times.length < 2) continue;
    const first = await book(id, day, times[0], { nomeCompleto: 'Luana Prates', nomeEmpresa: 'Prates Solar', email: leadEmails[0] });
    const second = await book(id, day, times[1], { nomeCompleto: 'Otávio Lins', nomeEmpresa: 'Lins Energia', email: leadEmails[1] });
    return { id, day, time: times[0], meetingId: first, secondId: second };
  }
  throw new Error('no bookable day in the next 30 days');
}

describe('/painel Equipe: a day off over a booked meeting', () => {
  it('lists the meeting it leaves, moves it to a free colleague, and the lead gets the updated invite (390 px)', async () => {
    const stamp = Date.now();
    const email = `mariana.teixeira.${stamp}@consultores.example.com`;
    const leadEmail = `luana.prates.${stamp}@pratessolar.com.br`;
    const mariana = await consultantWithMeetings('Mariana Teixeira', email, [leadEmail, `otavio.lins.${stamp}@linsenergia.com.br`]);
    const page = await mentor.page();
    try {
      await section(page, 'Equipe').click();
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Mariana Teixeira' }) });
      await card.getByText('Alterar Mariana Teixeira').click();

      // One form at a time: Horários first; the others only once chosen (arrow keys move the choice).
      const choice = card.getByRole('group', { name: 'O que alterar' });
      expect(await choice.getByRole('radio', { name: 'Horários' }).isChecked()).toBe(true);
      // Each choice alone: the open card stays within a few phone screens (all of them at once: 4,788 px for a new consultant).
      const heights: Record<string, number> = {};
      for (const radio of await choice.getByRole('radio').all()) {
        await radio.check();
        heights[(await radio.evaluate((el) => el.parentElement!.textContent!.trim()))] = Math.round((await card.boundingBox())!.height);
      }
      expect(Math.max(...Object.values(heights)), JSON.stringify(heights)).toBeLessThan(3200);
      await choice.getByRole('radio', { name: 'Horários' }).check();
      expect(await card.getByRole('button', { name: 'Salvar horários' }).count()).toBe(1);
      expect(await card.getByRole('button', { name: 'Marcar folga' }).count()).toBe(0);
      expect(await card.getByRole('button', { name: 'Desativar consultor' }).count()).toBe(0);
      await choice.getByRole('radio', { name: 'Horários' }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await choice.getByRole('radio', { name: 'Folgas' }).isChecked()).toBe(true);
      await card.getByRole('button', { name: 'Marcar folga' }).waitFor();
      expect(await card.getByRole('button', { name: 'Salvar horários' }).count()).toBe(0);
      expect(await axeViolations(page), 'equipe: uma seção').toEqual([]);

      // The day off over her meeting: saved, then the meeting it leaves, with what to do.
      await card.getByLabel('Primeiro dia').fill(mariana.day);
      await card.getByRole('button', { name: 'Marcar folga' }).click();
      const left = card.getByRole('region', { name: 'Mariana Teixeira tem 2 reuniões nesse período' });
      await left.waitFor();
      await expect.poll(() => left.getByRole('heading').evaluate((el) => el === document.activeElement)).toBe(true);
      const item = left.getByRole('listitem').filter({ hasText: 'Luana Prates' });
      expect(await item.innerText()).toContain(`${brDate(mariana.day)} às ${mariana.time}`);
      expect(await item.innerText()).toContain('consultor de folga');
      const { rows: off } = await h.db.query<{ n: number }>('select count(*)::int as n from preseller_time_off where preseller_id = $1', [mariana.id]);
      expect(off).toEqual([{ n: 1 }]);
      expect(await axeViolations(page), 'equipe: reuniões deixadas pela folga').toEqual([]);

      await item.getByRole('button', { name: 'Reagendar com outro consultor' }).click();
      const done = item.getByRole('status');
      await done.waitFor();
      const moved = /^Reagendada com (.+) \((\d\d\/\d\d\/\d{4}) às (\d\d:\d\d)\)\. O lead recebeu o convite atualizado\.$/.exec(await done.innerText());
      expect(moved, await done.innerText()).not.toBeNull();
      const [, colleague, date, time] = moved!;
      expect([date, time]).toEqual([brDate(mariana.day), mariana.time]);
      expect(colleague).not.toBe('Mariana Teixeira');
      expect(await item.getByRole('button').count()).toBe(0);
      const { rows: [now] } = await h.db.query<{ name: string }>('select p.name from meetings m join presellers p on p.id = m.preseller_id where m.id = $1', [mariana.meetingId]);
      expect(now.name).toBe(colleague);
      expect(await axeViolations(page), 'equipe: reunião reagendada').toEqual([]);

      // The other one was cancelled meanwhile (a colleague, another tab): "Manter" says so and changes nothing.
      await h.db.query(`update meetings set status = 'cancelled' where id = $1`, [mariana.secondId]);
      const other = left.getByRole('listitem').filter({ hasText: 'Otávio Lins' });
      await other.getByRole('button', { name: 'Manter' }).click();
      const refused = other.getByRole('alert');
      await refused.waitFor();
      expect(await refused.innerText()).toBe('Esta reunião já foi cancelada. Nada foi alterado.');
      await expect.poll(() => refused.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await other.getByRole('button', { name: 'Manter' }).count()).toBe(1);
      const { rows: kept } = await h.db.query<{ n: number }>(`select count(*)::int as n from painel_activity where action = 'meeting_kept' and subject = $1`, [mariana.secondId]);
      expect(kept).toEqual([{ n: 0 }]);
      expect(await axeViolations(page), 'equipe: reunião já cancelada').toEqual([]);

      // The lead's updated invite, as their mail program gets it: same event, next SEQUENCE, the new consultant.
      const [mail] = await waitForMails(h.dataDir, (m) => to(leadEmail)(m) && m.subject.startsWith('Reunião com novo consultor'));
      expect(mail.subject).toBe(`Reunião com novo consultor: Consultoria Empresarial em ${brDate(mariana.day)} às ${mariana.time}`);
      expect(mail.text).toContain('passou para outro consultor, no mesmo horário');
      // The invite inline (text/calendar) and as the .ics attachment: one and the same event.
      expect(new Set(mail.ics.map((i) => `${i.method} ${i.uid} ${i.sequence}`)).size).toBe(1);
      const [ics] = mail.ics;
      expect(ics.method).toBe('REQUEST');
      expect(ics.uid).toContain(mariana.meetingId);
      expect(ics.sequence).toBe(1);
      expect(ics.raw).toMatch(new RegExp(`^SUMMARY:Reunião de Consultoria Empresarial com ${colleague}$`, 'm'));
      // Mariana's calendar loses it (CANCEL of the same UID).
      const [gone] = await waitForMails(h.dataDir, (m) => to(email)(m) && m.subject.startsWith('Reunião removida da sua agenda'));
      expect(new Set(gone.ics.map((i) => `${i.method} ${i.uid} ${i.sequence}`))).toEqual(new Set([`CANCEL ${ics.uid} 1`]));
    } finally {
      await page.close();
      // Other browser files share this database: Mariana leaves no active consultant or open meeting behind.
      await h.db.query(`update meetings set status = 'cancelled' where preseller_id = $1 and status = 'scheduled'`, [mariana.id]);
      await h.db.query('update presellers set active = false where id = $1', [mariana.id]);
    }
  });
});
