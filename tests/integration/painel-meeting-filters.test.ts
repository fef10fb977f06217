// Reuniões' filters, totals and CSV (issue 32 items 5 and 6), on PGlite and on PostgreSQL: "Desfecho"
// (Compareceu / Não compareceu / Qualificado / Sem desfecho, by the latest outcome), "Período" over the
// meeting's date or the booking's, every tab's real total under the same filters (a consultant: theirs),
// and the CSV, parsed back: lead id, e-mail, phone, CNPJ, the first touch's campaign (a formula defused),
// and a file name that says what it holds. A filter value the console never sends is 400, never 500.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MeetingCounts, MeetingRow, Page } from '../../src/domain/painel/api';
import { painelMessages } from '../../src/domain/painel/copy';
import { ANA, bookMeeting, MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import { painelStore } from '../../functions/lib/painel/store';
import { storeCases, type Opened } from './stores';

type Booked = { leadId: string; meetingId: string; startsAt: Date };

describe.each(storeCases(inject('postgresUrl')))('painel meetings filters, totals and CSV on $name', (store) => {
  let opened: Opened;
  let skew = 0;
  const { call, signIn } = painelClient(() => opened);
  let mentor: string;
  let ana: string;
  let attended: Booked;
  let noShow: Booked;
  let pending: Booked;

  beforeAll(async () => {
    opened = await store.open({ now: () => new Date(Date.now() + skew) });
    attended = await bookMeeting(opened.app, { email: 'joana@solarmais.com.br', presellerId: PRESELLERS.ana, time: '10:00', nome: 'Joana Prado', cnpj: '11.222.333/0001-81', telefone: '(11) 98765-4321' });
    noShow = await bookMeeting(opened.app, { email: 'pedro@ventos.com.br', presellerId: PRESELLERS.bruno, time: '14:00', nome: 'Pedro Lins' });
    pending = await bookMeeting(opened.app, { email: 'rita@solarsul.com.br', presellerId: PRESELLERS.ana, time: '16:00', nome: 'Rita Alves' });
    // Where Joana came from (as the form's attribution stores it), a campaign that is a formula.
    await opened.query(`update leads set first_touch = '{"utm_source":"google","utm_campaign":"=solar-pr"}'::jsonb where id = $1`, [attended.leadId]);
    // Pedro booked on 5 October (Brasília), the others today.
    await opened.query(`update meetings set booked_at = '2026-10-05T15:00:00Z' where id = $1`, [noShow.meetingId]);
    // All three took place: the clock goes an hour past the last.
    skew = pending.startsAt.getTime() + 60 * 60_000 - Date.now();
    mentor = await signIn(MENTOR);
    ana = await signIn(ANA);
    const outcome = (id: string, body: unknown) => call('POST', `/api/painel/reunioes/${id}/desfecho`, { cookie: mentor, body });
    expect((await outcome(attended.meetingId, { attendance: 'attended', qualified: true })).status).toBe(200);
    expect((await outcome(noShow.meetingId, { attendance: 'lead_no_show', qualified: null })).status).toBe(200);
  });
  afterAll(() => opened.close());

  const ids = async (query: string, cookie = mentor) => {
    const res = await call('GET', `/api/painel/reunioes?${query}`, { cookie });
    expect(res.status, query).toBe(200);
    return ((await res.json()) as Page<MeetingRow>).items.map((m) => m.id);
  };
  const counts = async (query: string, cookie = mentor) => {
    const res = await call('GET', `/api/painel/reunioes/contagem?${query}`, { cookie });
    expect(res.status, query).toBe(200);
    return (await res.json()) as MeetingCounts;
  };

  it('filters by the latest outcome', async () => {
    expect(await ids('aba=passadas&desfecho=compareceu')).toEqual([attended.meetingId]);
    expect(await ids('aba=passadas&desfecho=nao-compareceu')).toEqual([noShow.meetingId]);
    expect(await ids('aba=passadas&desfecho=qualificado')).toEqual([attended.meetingId]);
    expect(await ids('aba=passadas&desfecho=sem-desfecho')).toEqual([pending.meetingId]);
    // A later outcome replaces the earlier one: Pedro came after all.
    const again = await call('POST', `/api/painel/reunioes/${noShow.meetingId}/desfecho`, { cookie: mentor, body: { attendance: 'attended', qualified: false } });
    expect(again.status).toBe(200);
    expect(await ids('aba=passadas&desfecho=nao-compareceu')).toEqual([]);
    expect((await ids('aba=passadas&desfecho=compareceu')).sort()).toEqual([attended.meetingId, noShow.meetingId].sort());
    expect(await ids('aba=passadas&desfecho=qualificado')).toEqual([attended.meetingId]);
    await call('POST', `/api/painel/reunioes/${noShow.meetingId}/desfecho`, { cookie: mentor, body: { attendance: 'lead_no_show', qualified: null } });
  });

  it('bounds "Período" by the booking\'s date as well as the meeting\'s', async () => {
    expect(await ids('aba=passadas&data=agendamento&de=2026-10-05&ate=2026-10-05')).toEqual([noShow.meetingId]);
    expect(await ids('aba=passadas&data=reuniao&de=2026-10-05&ate=2026-10-05')).toEqual([]);
    expect(await ids('aba=passadas&de=2026-10-05&ate=2026-10-05')).toEqual([]);
  });

  it('counts every tab under the same filters, and a consultant only their own', async () => {
    expect(await counts('')).toEqual({ proximas: 0, 'sem-desfecho': 1, canceladas: 0, passadas: 3 });
    expect(await counts('aba=passadas&desfecho=compareceu')).toEqual({ proximas: 0, 'sem-desfecho': 0, canceladas: 0, passadas: 1 });
    expect(await counts(`consultor=${PRESELLERS.bruno}`)).toEqual({ proximas: 0, 'sem-desfecho': 0, canceladas: 0, passadas: 1 });
    expect(await counts('', ana)).toEqual({ proximas: 0, 'sem-desfecho': 1, canceladas: 0, passadas: 2 });
    expect(await counts('data=agendamento&de=2026-10-05&ate=2026-10-05')).toEqual({ proximas: 0, 'sem-desfecho': 0, canceladas: 0, passadas: 1 });
  });

  it('refuses a filter value the console never sends with its words, never a 500', async () => {
    for (const query of ['desfecho=talvez', 'data=ontem', 'desfecho=compareceu&desfecho=qualificado', `desfecho=${'x'.repeat(500)}`]) {
      for (const path of ['/api/painel/reunioes', '/api/painel/reunioes/contagem', '/api/painel/exportar/reunioes']) {
        const res = await call('GET', `${path}?${query}`, { cookie: mentor });
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(await res.json()).toEqual({ error: painelMessages.badQuery });
      }
    }
    expect((await call('GET', '/api/painel/reunioes/contagem', {})).status).toBe(401);
  });

  it('exports each meeting and each person as the lists show them: the CSV\'s positional rows read back to the list\'s objects', async () => {
    // The exports are built apart from the lists (painel_meetings and painel_leads with export): each row,
    // less what only the file has, must equal the list's row for the same meeting or person.
    const painel = painelStore(opened.app.store);
    const asMentor = { role: 'mentor', email: MENTOR, name: null, preseller: null } as const;
    const now = opened.app.now();
    await opened.query(`update meeting_outcomes set note = 'Pediu proposta; "ligar" amanhã' where meeting_id = $1`, [noShow.meetingId]);
    // Two outcomes on one meeting: the later one is the meeting's, in both.
    await opened.query(`insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by, recorded_at)
      values ($1, 'lead_no_show', null, $2, $3::timestamptz + interval '1 minute'), ($1, 'attended', false, $2, $3::timestamptz + interval '2 minutes')`,
      [attended.meetingId, MENTOR, now.toISOString()]);
    for (const tab of ['passadas', 'proximas', 'canceladas'] as const) {
      const listed = await painel.meetings(asMentor, { tab }, now, 100);
      const exported = await painel.meetingsForExport(asMentor, { tab }, now, 100);
      expect(exported.map(({ bookedAt, contact, ...row }) => (expect(bookedAt).toEqual(expect.any(String)), expect(contact.email).toContain('@'), row)), tab).toEqual(listed);
    }
    const exported = await painel.meetingsForExport(asMentor, { tab: 'passadas' }, now, 100);
    expect(exported.find((m) => m.id === noShow.meetingId)!.outcome?.note).toBe('Pediu proposta; "ligar" amanhã');
    const exportedMeeting = exported.find((m) => m.id === attended.meetingId)!;
    expect(exportedMeeting.outcome).toMatchObject({ attendance: 'attended', qualified: false, note: null });
    expect(exportedMeeting.contact).toEqual({ email: 'joana@solarmais.com.br', phone: '11987654321', cnpj: '11222333000181', campaign: '=solar-pr' });
    const persons = await painel.leads(asMentor, {}, 100, null, now);
    const exportedPersons = await painel.leadsForExport(asMentor, {}, 100, null, now);
    expect(persons.length).toBeGreaterThanOrEqual(3);
    expect(exportedPersons.map(({ deals, ...row }) => (expect(deals).toBeNull(), row))).toEqual(persons);
    // The CSV's figures are read once for the whole file, by the same filter and scope: a consultant's are
    // their own meetings' (as their list), a filter's only its persons'.
    for (const preseller of Object.values(PRESELLERS)) {
      const asConsultant = { role: 'consultor', email: 'c@x', name: null, preseller } as const;
      const own = await painel.leadsForExport(asConsultant, {}, 100, null, now);
      expect(own.map(({ deals: _deals, ...row }) => row), preseller).toEqual(await painel.leads(asConsultant, {}, 100, null, now));
    }
    const withMeeting = await painel.leadsForExport(asMentor, { withMeeting: true }, 100, null, now);
    expect(withMeeting.length).toBeGreaterThan(0);
    expect(withMeeting.map(({ deals: _deals, ...row }) => row)).toEqual(await painel.leads(asMentor, { withMeeting: true }, 100, null, now));
  });

  it('exports a CSV a spreadsheet can join: lead id, e-mail, phone, CNPJ, first-touch campaign; its name says what it holds', async () => {
    const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const [de, ate] = [day(attended.startsAt), day(pending.startsAt)];
    const res = await call('GET', `/api/painel/exportar/reunioes?aba=passadas&desfecho=compareceu&de=${de}&ate=${ate}`, { cookie: mentor });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="reunioes-${de}-a-${ate}-passadas-compareceu.csv"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parse(bytes.subarray(3).toString('utf8'), { delimiter: ';', record_delimiter: '\r\n' }) as string[][];
    expect(rows).toHaveLength(1);
    const cell = (name: string) => rows[0][header.indexOf(name)];
    expect(cell('ID da reunião')).toBe(attended.meetingId);
    expect(cell('ID do lead')).toBe(attended.leadId);
    expect(cell('E-mail')).toBe('joana@solarmais.com.br');
    expect(cell('Telefone')).toBe('(11) 98765-4321');
    expect(cell('CNPJ')).toBe('11.222.333/0001-81');
    expect(cell('1º toque: campanha')).toBe("'=solar-pr");
    expect(cell('Agendada em')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(cell('Desfecho')).toBe('Compareceu');

    const tab = await call('GET', `/api/painel/exportar/reunioes?aba=sem-desfecho&de=${de}&ate=${ate}&consultor=${PRESELLERS.ana}&servico=consultoria`, { cookie: mentor });
    expect(tab.headers.get('content-disposition')).toBe(`attachment; filename="reunioes-${de}-a-${ate}-sem-desfecho-consultoria-empresarial-ana-souza.csv"`);
    const booked = await call('GET', '/api/painel/exportar/reunioes?aba=passadas&data=agendamento&de=2026-10-05&ate=2026-10-05', { cookie: mentor });
    expect(booked.headers.get('content-disposition')).toBe('attachment; filename="reunioes-2026-10-05-a-2026-10-05-agendadas-no-periodo-passadas.csv"');
    const [, only] = parse(Buffer.from(await booked.arrayBuffer()).subarray(3).toString('utf8'), { delimiter: ';', record_delimiter: '\r\n' }) as string[][];
    expect(only).toContain(noShow.leadId);
    const all = await call('GET', '/api/painel/exportar/reunioes?aba=proximas', { cookie: mentor });
    expect(all.headers.get('content-disposition')).toMatch(/^attachment; filename="reunioes-exportado-em-\d{4}-\d{2}-\d{2}-proximas\.csv"$/);
  });
});
