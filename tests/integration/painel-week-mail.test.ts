// Reuniões da semana and the morning mail over Números' known history (numbers-history.ts), on PGlite and
// PostgreSQL. The week: every meeting starting Monday to Sunday in Brasília, by its day, as a reference
// query finds them; a consultant's own only; bad input is a pt-BR 400. The mail: yesterday's figures are
// painel_numbers' (the endpoint Números reads) and the reference SQL's, today's meetings are the day's.
import { describe, expect, inject, it } from 'vitest';
import { queuePendingOutcomesMail } from '../../functions/lib/painel/daily-mail';
import { painelMessages } from '../../src/domain/painel/copy';
import type { NumbersView } from '../../src/domain/painel/numbers';
import type { WeekView } from '../../src/domain/painel/week';
import { PRESELLERS } from './painel-helpers';
import { historyHarness, NOW, referenceConsultants, referencePeople } from './numbers-history';
import { storeCases } from './stores';

/** 00:00 of a Brasília day (UTC−3, no daylight saving time) as an instant. */
const midnight = (day: string) => `${day}T03:00:00.000Z`;
const nextDay = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe.each(storeCases(inject('postgresUrl')))('Reuniões da semana and the morning mail on $name', (store) => {
  let clock = NOW;
  const h = historyHarness(store, () => clock);
  const { call, getJson } = h;
  /** The reference: the meetings starting in [from, to), by Brasília day, in order. */
  const reference = async (from: string, to: string, preseller: string | null, cancelled = true) => {
    const rows = await h.opened.query<{ id: string; day: string }>(
      `select id, to_char(starts_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as day from meetings
       where starts_at >= $1 and starts_at < $2 and ($3::uuid is null or preseller_id = $3::uuid) and ($4 or status = 'scheduled')
       order by starts_at, id`, [from, to, preseller, cancelled]);
    return rows;
  };

  it('lists every meeting of the Brasília week by the day it starts on, Monday first, as the reference finds them', async () => {
    // Thursday 19/11: the week of Monday 16/11 to Sunday 22/11 (a meeting cancelled on that Thursday).
    const week = await getJson<WeekView>('/api/painel/semana?de=2026-11-19', h.mentor);
    expect([week.de, week.ate]).toEqual(['2026-11-16', '2026-11-22']);
    expect(week.days.map((d) => d.day)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    const ref = await reference(midnight('2026-11-16'), midnight('2026-11-23'), null);
    expect(ref.length).toBeGreaterThanOrEqual(3);
    expect(week.days.flatMap((d) => d.meetings.map((m) => [d.day, m.id]))).toEqual(ref.map((r) => [r.day, r.id]));
    expect(week.days.flatMap((d) => d.meetings).filter((m) => m.status === 'cancelled')).toHaveLength(1);
    expect(week.truncated).toBe(false);
    // No day asked: this week (NOW is Friday 20/11).
    expect((await getJson<WeekView>('/api/painel/semana', h.mentor)).de).toBe('2026-11-16');
  });

  it('gives a consultant their own meetings only, and the h.mentor one consultant\'s on asking', async () => {
    const own = await getJson<WeekView>(`/api/painel/semana?de=2026-11-09&consultor=${PRESELLERS.bruno}`, h.ana);
    const ref = await reference(midnight('2026-11-09'), midnight('2026-11-16'), PRESELLERS.ana);
    expect(ref.length).toBeGreaterThan(0);
    // Ana asking for Bruno's: still only hers, so nothing.
    expect(own.days.flatMap((d) => d.meetings)).toEqual([]);
    const hers = await getJson<WeekView>('/api/painel/semana?de=2026-11-09', h.ana);
    expect(hers.days.flatMap((d) => d.meetings.map((m) => m.id))).toEqual(ref.map((r) => r.id));
    const bruno = await getJson<WeekView>(`/api/painel/semana?de=2026-11-09&consultor=${PRESELLERS.bruno}`, h.mentor);
    expect(bruno.days.flatMap((d) => d.meetings.map((m) => m.id))).toEqual((await reference(midnight('2026-11-09'), midnight('2026-11-16'), PRESELLERS.bruno)).map((r) => r.id));
  });

  it('answers input it never sends with the console\'s pt-BR 400, never a 500', async () => {
    for (const q of ['de=2026-02-30', 'de=1999-12-31', 'de=ontem', 'consultor=abc', 'de=2026-11-09&de=2026-11-16', `consultor=${'9'.repeat(5000)}`]) {
      const res = await call('GET', `/api/painel/semana?${q}`, { cookie: h.mentor });
      expect(res.status, q).toBe(400);
      expect(await res.json()).toEqual({ error: painelMessages.badQuery });
    }
    expect((await call('GET', '/api/painel/semana', { cookie: null })).status).toBe(401);
  });

  it('mails yesterday\'s figures as painel_numbers and the reference SQL count them, and today\'s meetings', async () => {
    const mails = () => h.opened.query<{ message: { subject: string; text: string } }>(`select message from outbox where kind = 'painel-pending-outcomes' order by created_at desc limit 1`);
    let seen = 0;
    let listed = 0;
    // A deal proposed and won on Nov 2nd (Brasília; 01:30 UTC on the 3rd is still the 2nd there), one proposed on the 10th.
    const [lead] = await h.opened.query<{ id: string }>('select id from leads order by created_at limit 1');
    await h.opened.query(`insert into deals (lead_id, created_by, stage, value_cents, billing, months, won_at, created_at, updated_at) values
      ($1, 'm@x', 'ganho', 300000, 'mensal', 6, '2026-11-03T01:30:00Z', '2026-11-02T12:00:00Z', '2026-11-03T01:30:00Z'),
      ($1, 'm@x', 'proposta_enviada', 50000, 'avulso', null, null, '2026-11-10T12:00:00Z', '2026-11-10T12:00:00Z')`, [lead.id]);
    const dealLines: Record<string, string | null> = {
      '2026-10-06': null,
      '2026-11-03': 'Negociações de ontem:\nPropostas: 1\nGanhos: 1\nReceita: R$\u00a018.000,00\n',
      '2026-11-11': 'Negociações de ontem:\nPropostas: 1\nGanhos: 0\nReceita: R$\u00a00,00\n',
    };
    for (const today of ['2026-10-06', '2026-11-03', '2026-11-11']) {
      clock = new Date(`${today}T11:00:00.000Z`); // 08:00 in Brasília, when the mail goes
      const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      expect(await queuePendingOutcomesMail(h.opened.app), today).toBe(true);
      const [{ message }] = await mails();
      const numbers = await getJson<NumbersView>(`/api/painel/numeros?periodo=personalizado&de=${yesterday}&ate=${yesterday}`, h.mentor);
      const people = await referencePeople(h.opened, midnight(yesterday), midnight(today), null);
      const team = (await referenceConsultants(h.opened, midnight(yesterday), midnight(today))).reduce(
        (t, r) => ({ held: t.held + r.held, noShows: t.noShows + r.no_shows, pending: t.pending + r.pending }), { held: 0, noShows: 0, pending: 0 });
      const funnel = {
        leads: people.length, booked: people.filter((p) => p.booked).length,
        attended: people.filter((p) => p.attended).length, qualified: people.filter((p) => p.qualified).length,
      };
      expect(funnel).toEqual({ leads: numbers.funnel.leads, booked: numbers.funnel.booked, attended: numbers.funnel.attended, qualified: numbers.funnel.qualified });
      expect(team).toEqual({ held: numbers.team.held, noShows: numbers.team.noShows, pending: numbers.team.pending });
      const day = `${yesterday.slice(8, 10)}/${yesterday.slice(5, 7)}`;
      expect(message.text, today).toContain(`Leads de ontem (${day}):\nLeads: ${funnel.leads}\nAgendaram: ${funnel.booked}\nCompareceram: ${funnel.attended}\nQualificados: ${funnel.qualified}\n`);
      expect(message.text, today).toContain(`Reuniões de ontem:\nRealizadas: ${team.held}\nNão compareceu: ${team.noShows}\nSem desfecho: ${team.pending}\n`);
      if (dealLines[today]) expect(message.text, today).toContain(dealLines[today]);
      else expect(message.text, today).not.toContain('Negociações de ontem');
      seen += funnel.leads + team.held;
      // Today's meetings: the day's scheduled ones, each opening itself, then Hoje.
      const todays = await reference(midnight(today), midnight(nextDay(today)), null, false);
      const section = message.text.slice(message.text.indexOf('Reuniões de hoje') === -1 ? message.text.indexOf('Nenhuma reunião marcada para hoje') : message.text.indexOf('Reuniões de hoje'), message.text.indexOf('Abrir Hoje no painel'));
      expect([...section.matchAll(/#reuniao=([0-9a-f-]{36})/g)].map((m) => m[1]), today).toEqual(todays.map((r) => r.id));
      listed += todays.length;
      expect(message.text).toMatch(/Abrir Hoje no painel: https?:\/\/\S+\/painel#hoje\n/);
    }
    // The days were chosen with something in them: the comparison is not of zeros.
    expect(seen).toBeGreaterThan(3);
    expect(listed).toBeGreaterThan(0);
    clock = NOW;
  });
});
