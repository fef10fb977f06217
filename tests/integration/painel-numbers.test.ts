// Números and Hoje: every figure of the endpoint equals the reference SQL (numbers-history.ts) over a
// known history, on PGlite and PostgreSQL; a consultant's numbers are theirs only; a period that cannot
// be one is a pt-BR 400; each table's CSV parses back to the screen's cells.
import { describe, expect, inject, it } from 'vitest';
import type { Funnel, NumbersView, TodayView } from '../../src/domain/painel/numbers';
import { periodMessages } from '../../src/domain/painel/numbers';
import { tableRows } from '../../src/domain/painel/numbers-tables';
import { PRESELLERS } from './painel-helpers';
import { historyHarness, NOW, percentile, referenceBookings, referenceConsultants, referencePeople } from './numbers-history';
import { storeCases } from './stores';

// October 2026 in Brasília (UTC−3), and the 31 days before it (the comparison).
const OCT = { from: '2026-10-01T03:00:00.000Z', to: '2026-11-01T03:00:00.000Z' };
const PREV = { from: '2026-08-31T03:00:00.000Z', to: '2026-10-01T03:00:00.000Z' };
const QUERY = 'periodo=personalizado&de=2026-10-01&ate=2026-10-31';

type Person = Awaited<ReturnType<typeof referencePeople>>[number];
const funnelOf = (people: Person[]): Funnel => ({
  leads: people.length,
  offered: people.filter((p) => p.offered === true).length,
  offeredKnown: people.filter((p) => p.offered !== null).length,
  noRule: people.filter((p) => p.no_rule).length,
  booked: people.filter((p) => p.booked).length,
  attended: people.filter((p) => p.attended).length,
  qualified: people.filter((p) => p.qualified).length,
});
const originKey = (t: Record<string, string> | null) => [t?.utm_source ?? null, t?.utm_medium ?? null, t?.utm_campaign ?? null, t?.referrer_host ?? null].join('|');

describe.each(storeCases(inject('postgresUrl')))('Números on $name', (store) => {
  const h = historyHarness(store, () => NOW);
  const { call, getJson } = h;

  it('counts people (one e-mail identity), the funnel, and the period before, as the reference does', async () => {
    const view = await getJson<NumbersView>(`/api/painel/numeros?${QUERY}`, h.mentor);
    const people = await referencePeople(h.opened, OCT.from, OCT.to, null);
    expect(view.funnel).toEqual(funnelOf(people));
    expect(view.funnel.leads).toBeGreaterThan(20);
    expect(view.funnel.qualified).toBeGreaterThan(0);
    expect(view.funnel.noRule).toBeGreaterThan(0);
    expect(view.previousFunnel).toEqual(funnelOf(await referencePeople(h.opened, PREV.from, PREV.to, null)));
    expect(view.previous).toEqual({ de: '2026-08-31', ate: '2026-09-30' });
    // A returning person is one lead: the whole history has 60 fills by 50 people.
    const all = await getJson<NumbersView>('/api/painel/numeros?periodo=personalizado&de=2026-09-01&ate=2026-11-30', h.mentor);
    expect(all.funnel.leads).toBe(50);
  });

  it('splits by first or last touch, profile and week exactly as the reference people add up', async () => {
    const people = await referencePeople(h.opened, OCT.from, OCT.to, null);
    for (const touch of ['first', 'last'] as const) {
      const view = await getJson<NumbersView>(`/api/painel/numeros?${QUERY}&toque=${touch === 'first' ? 'primeiro' : 'ultimo'}`, h.mentor);
      const expected = new Map<string, Funnel>();
      for (const key of new Set(people.map((p) => originKey(touch === 'first' ? p.first_touch : p.last_touch)))) {
        expected.set(key, funnelOf(people.filter((p) => originKey(touch === 'first' ? p.first_touch : p.last_touch) === key)));
      }
      const got = new Map(view.groups.origin.map(({ source, medium, campaign, referrer, ...f }) => [[source, medium, campaign, referrer].join('|'), f]));
      expect(got).toEqual(expected);
      expect(got.has('|||')).toBe(true); // "sem campanha"
      expect(got.has('|||www.bing.com')).toBe(true);
    }
    const view = await getJson<NumbersView>(`/api/painel/numeros?${QUERY}`, h.mentor);
    for (const row of view.groups.segmento) expect(row, row.value!).toMatchObject(funnelOf(people.filter((p) => p.segmento === row.value)));
    expect(view.groups.segmento.reduce((n, r) => n + r.leads, 0)).toBe(people.length);
    expect(view.groups.week.reduce((n, r) => n + r.leads, 0)).toBe(people.length);
    expect(view.groups.week.reduce((n, r) => n + r.qualified, 0)).toBe(funnelOf(people).qualified);
  });

  it('counts each consultant\'s meetings and the times to book and to meet as the reference does', async () => {
    const view = await getJson<NumbersView>(`/api/painel/numeros?${QUERY}`, h.mentor);
    const reference = await referenceConsultants(h.opened, OCT.from, OCT.to);
    for (const id of [PRESELLERS.ana, PRESELLERS.bruno]) {
      const ref = reference.find((r) => r.id === id)!;
      expect(view.consultants.find((c) => c.id === id), id).toMatchObject({
        booked: ref.booked, cancelled: ref.cancelled, held: ref.held, noShows: ref.no_shows, qualified: ref.qualified, pending: ref.pending,
        counted: ref.counted,
      });
      expect(ref.counted, id).toBeGreaterThan(0);
    }
    expect(view.team.booked).toBe(reference.reduce((n, r) => n + r.booked, 0));
    expect(view.team.held).toBeGreaterThan(0);
    const bookings = await referenceBookings(h.opened, OCT.from, OCT.to);
    const secs = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 1000;
    expect(view.time).toEqual({
      booked: bookings.length,
      leadToBooking: { median: percentile(bookings.map((b) => secs(b.lead_at, b.booked_at)), 0.5), p90: percentile(bookings.map((b) => secs(b.lead_at, b.booked_at)), 0.9) },
      bookingToMeeting: { median: percentile(bookings.map((b) => secs(b.booked_at, b.starts_at)), 0.5), p90: percentile(bookings.map((b) => secs(b.booked_at, b.starts_at)), 0.9) },
      cancelledByLead: bookings.filter((b) => b.status === 'cancelled' && b.cancelled_by === 'lead').length,
      cancelledByTeam: bookings.filter((b) => b.status === 'cancelled' && b.cancelled_by !== 'lead').length,
      rescheduled: bookings.filter((b) => b.moved).length,
      rescheduledByTeam: bookings.filter((b) => b.moved_by_team).length,
    });
    expect(view.time.rescheduled).toBeGreaterThan(view.time.rescheduledByTeam);
    expect(view.time.cancelledByLead + view.time.cancelledByTeam).toBeGreaterThan(0);
  });

  it('gives a consultant their own numbers only', async () => {
    const own = await getJson<NumbersView>(`/api/painel/numeros?${QUERY}`, h.ana);
    expect(own.funnel).toEqual(funnelOf(await referencePeople(h.opened, OCT.from, OCT.to, PRESELLERS.ana)));
    expect(own.consultants.map((c) => c.id)).toEqual([PRESELLERS.ana]);
    const team = await getJson<NumbersView>(`/api/painel/numeros?${QUERY}`, h.mentor);
    expect(own.funnel.leads).toBeLessThan(team.funnel.leads);
    expect(own.team.booked).toBe(team.consultants.find((c) => c.id === PRESELLERS.ana)!.booked);
    const today = await getJson<TodayView>('/api/painel/hoje', h.ana);
    expect(today.windows.flatMap((w) => w.consultants.map((c) => c.id)).every((id) => id === PRESELLERS.ana)).toBe(true);
  });

  it('answers Hoje for yesterday, today and the next 7 days', async () => {
    const today = await getJson<TodayView>('/api/painel/hoje', h.mentor);
    expect(today.windows.map((w) => [w.key, w.de, w.ate])).toEqual([
      ['ontem', '2026-11-19', '2026-11-19'], ['hoje', '2026-11-20', '2026-11-20'], ['proximos', '2026-11-21', '2026-11-27'],
    ]);
    const [yesterday] = await referencePeople(h.opened, '2026-11-19T03:00:00Z', '2026-11-20T03:00:00Z', null).then((p) => [p.length]);
    expect(today.windows[0].leads).toBe(yesterday);
    const refToday = await referenceConsultants(h.opened, '2026-11-20T03:00:00Z', '2026-11-21T03:00:00Z');
    expect(today.windows[1].team.pending).toBe(refToday.reduce((n, r) => n + r.pending, 0));
  });

  it('refuses a period that cannot be one in pt-BR, and reads unknown words as the defaults', async () => {
    for (const [q, error] of [
      ['periodo=personalizado&de=2016-01-01&ate=2026-01-01', periodMessages.tooLong],
      ['periodo=personalizado&de=2026-10-31&ate=2026-10-01', periodMessages.order],
      ['periodo=personalizado&de=2026-02-30&ate=2026-03-01', periodMessages.date],
      ['periodo=personalizado', periodMessages.date],
    ]) {
      const res = await call('GET', `/api/painel/numeros?${q}`, { cookie: h.mentor });
      expect(res.status, q).toBe(400);
      expect(await res.json()).toEqual({ error: error });
    }
    const fallback = await getJson<NumbersView>('/api/painel/numeros?periodo=ano-todo&toque=meio&utm_campaign=%3Cx%3E', h.mentor);
    expect(fallback.period).toEqual({ de: '2026-10-22', ate: '2026-11-20', touch: 'first' });
    expect((await call('GET', `/api/painel/exportar/numeros?${QUERY}&tabela=nada`, { cookie: h.mentor })).status).toBe(400);
  });

  it('exports each table as the Excel-safe CSV that parses back to the screen\'s cells', async () => {
    const view = await getJson<NumbersView>(`/api/painel/numeros?${QUERY}&toque=ultimo`, h.mentor);
    for (const table of ['origem', 'funil', 'consultor', 'tempo'] as const) {
      const res = await call('GET', `/api/painel/exportar/numeros?${QUERY}&toque=ultimo&tabela=${table}`, { cookie: h.mentor });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`numeros-${table}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM Excel needs
      const lines = new TextDecoder().decode(bytes).trimEnd().split('\r\n').map((l) => l.split(';').map((c) => c.replace(/^"|"$/g, '')));
      const { header, rows } = tableRows(table, view);
      expect(lines[0]).toEqual(header);
      expect(lines.slice(1)).toEqual(rows.map((r) => r.map(String)));
    }
  });
});
