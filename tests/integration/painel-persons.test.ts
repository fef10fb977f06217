// One person, one lead (issue 32 items 4–6), on both stores: two submissions of one e-mail identity and a
// booking are one row ("2 envios"), never "Sem reunião", no "Falta só escolher o horário" after the booking
// is cancelled, one "Novo lead" that day; "Buscar" ignores accents and reads phones with or without +55;
// the rule filter; the real total; the leads CSV's new columns read back.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { queueDueFollowups } from '../../functions/lib/followup/queue';
import type { LeadPage, LeadView } from '../../src/domain/painel/api';
import { futureWorkday, key, postJson, validRequest, type TestApp } from './helpers';
import { lifecycle } from './lifecycle-helpers';
import { MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import { storeCases, type Opened } from './stores';

const MIN = 60_000;
const RULE = 'Tráfego pago para energia solar';

describe.each(storeCases(inject('postgresUrl')))('leads as persons on $name', (store) => {
  let db: Opened;
  let clock: Date | null = null;
  const { call, signIn } = painelClient(() => db);
  const t = lifecycle(() => db.app as TestApp);
  let mentor: string;
  const person = { first: '', second: '', meeting: '' };
  let alone = '';

  /** A submission through POST /api/leads (as the wizard sends it), with the service the wizard stores. */
  async function submit(fields: Record<string, string>): Promise<string> {
    const res = await t.leads(postJson('/api/leads', { ...validRequest, ...fields, idempotencyKey: key() }));
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await db.query("update leads set servico = 'consultoria', routing_kind = 'team' where id = $1", [id]);
    return id;
  }
  const getJson = async <T>(path: string): Promise<T> => {
    const res = await call('GET', path, { cookie: mentor });
    expect(res.status, path).toBe(200);
    return res.json() as Promise<T>;
  };
  const notices = async (ids: string[]) =>
    (await db.query<{ n: number }>("select count(*)::int as n from outbox where kind = 'lead-notification' and lead_id = any($1::uuid[])", [ids]))[0].n;

  beforeAll(async () => {
    db = await store.open({ now: () => clock ?? new Date() });
    mentor = await signIn(MENTOR);
    // Natália sends the form twice with two spellings of one Gmail address (email_identity: dots, +tag).
    person.first = await submit({ nomeCompleto: 'Natália Ribeiro', email: 'natalia.ribeiro@gmail.com', telefone: '(11) 97654-3210', nomeEmpresa: 'Ribeiro Energia' });
    person.second = await submit({ nomeCompleto: 'Natália Ribeiro', email: 'NataliaRibeiro+site@gmail.com', telefone: '(11) 97654-3210', nomeEmpresa: 'Ribeiro Solar' });
    alone = await submit({ nomeCompleto: 'Pedro Lins', email: 'pedro@ventos.com.br', telefone: '(21) 3456-7890', nomeEmpresa: 'Ventos Energia' });
    const booked = await t.book({ leadId: person.first, scheduledDate: futureWorkday(5), scheduledTime: '10:00', presellerId: PRESELLERS.ana });
    expect(booked.status).toBe(201);
    person.meeting = ((await booked.json()) as { meeting: { id: string } }).meeting.id;
    await db.app.outbox.idle();
  });
  afterAll(() => db.close());

  it('two submissions and a booking are one row with "2 envios", never "Sem reunião", with every submission inside', async () => {
    const page = await getJson<LeadPage>('/api/painel/leads?busca=ribeiro');
    expect(page.items.map((l) => l.id)).toEqual([person.second]);
    expect(page.items[0]).toMatchObject({ submissions: 2, meetings: 1, company: 'Ribeiro Solar', consultant: 'Ana Souza', service: 'consultoria' });
    expect(page.total).toBe(1);
    const all = await getJson<LeadPage>('/api/painel/leads');
    expect(all.items.map((l) => l.id).sort()).toEqual([person.second, alone].sort());
    expect(all.total).toBe(2);
    const without = await getJson<LeadPage>('/api/painel/leads?reuniao=sem');
    expect(without.items.map((l) => l.id)).toEqual([alone]);
    expect(without.total).toBe(1);
    expect((await getJson<LeadPage>('/api/painel/leads?reuniao=com')).items.map((l) => l.id)).toEqual([person.second]);
    // The earlier submission's page is the person's too: both submissions, the booking made from it.
    for (const id of [person.first, person.second]) {
      const view = await getJson<LeadView>(`/api/painel/leads/${id}`);
      expect(view.submissions.map((s) => s.id)).toEqual([person.second, person.first]);
      expect(view.submissions.map((s) => s.answers.nomeEmpresa)).toEqual(['Ribeiro Solar', 'Ribeiro Energia']);
      expect(view.meetings.map((m) => m.id)).toEqual([person.meeting]);
    }
  });

  it('the mentor got one "Novo lead" for the person that day', async () => {
    expect(await notices([person.first, person.second])).toBe(1);
    expect(await notices([alone])).toBe(1);
  });

  it('after cancelling, no "Falta só escolher o horário" for any submission of the person; one without a booking gets it', async () => {
    const cancelled = await call('POST', `/api/painel/reunioes/${person.meeting}/cancelar`, { cookie: mentor, body: { reason: 'Cliente pediu' } });
    expect(cancelled.status).toBe(200);
    const [{ latest }] = await db.query<{ latest: Date }>('select max(created_at) as latest from leads');
    clock = new Date(new Date(latest).getTime() + 16 * MIN);
    try {
      await queueDueFollowups(db.app);
    } finally {
      clock = null;
    }
    const followed = await db.query<{ lead_id: string }>("select lead_id from outbox where kind = 'lead-followup'");
    expect(followed.map((r) => r.lead_id)).toEqual([alone]);
    // Still a person who booked: never listed as "Sem reunião".
    expect((await getJson<LeadPage>('/api/painel/leads?reuniao=sem')).items.map((l) => l.id)).toEqual([alone]);
  });

  it('"Buscar" ignores accents and case, and reads a phone with or without +55, spaces or punctuation', async () => {
    const found = ['Natalia', 'NATALIA', 'natália', 'NATÁLIA RIBEIRO', 'natalia ribeiro', '+55 11 97654-3210', '+55 (11) 97654 3210',
      '5511976543210', '55 11 976543210', '(11) 97654-3210', '11976543210', '97654.3210'];
    for (const q of found) {
      const page = await getJson<LeadPage>(`/api/painel/leads?busca=${encodeURIComponent(q)}`);
      expect(page.items.map((l) => l.id), q).toEqual([person.second]);
    }
    for (const q of ['Natalio', '+55 21 97654-3210', '+351 976543210']) {
      expect((await getJson<LeadPage>(`/api/painel/leads?busca=${encodeURIComponent(q)}`)).items, q).toEqual([]);
    }
    // An accent in the data matched from a query without it, and the other way round.
    expect((await getJson<LeadPage>(`/api/painel/leads?busca=${encodeURIComponent('Pédro')}`)).items.map((l) => l.id)).toEqual([alone]);
  });

  it('shows the routing rule, filters by it, and exports the person with the joinable columns', async () => {
    await db.query('update leads set routing_rule = $2 where id = $1', [person.second, RULE]);
    const page = await getJson<LeadPage>('/api/painel/leads');
    expect(page.rules).toContain(RULE);
    expect(page.items.find((l) => l.id === person.second)?.rule).toBe(RULE);
    const ruled = await getJson<LeadPage>(`/api/painel/leads?regra=${encodeURIComponent(RULE)}`);
    expect(ruled.items.map((l) => l.id)).toEqual([person.second]);
    expect(ruled.total).toBe(1);
    const view = await getJson<LeadView>(`/api/painel/leads/${person.second}`);
    expect(view.routing).toEqual({ rule: RULE, kind: 'team' });

    const res = await call('GET', `/api/painel/exportar/leads?de=2026-01-01&ate=2099-12-31&segmento=energia-solar&regra=${encodeURIComponent(RULE)}`, { cookie: mentor });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="leads-2026-01-01-a-2099-12-31-energia-solar-regra-trafego-pago-para-energia-solar.csv"');
    const text = Buffer.from(await res.arrayBuffer()).subarray(3).toString('utf8');
    const [header, ...rows] = parse(text, { delimiter: ';', record_delimiter: '\r\n' }) as string[][];
    expect(rows).toHaveLength(1);
    const cell = (name: string) => rows[0][header.indexOf(name)];
    expect(cell('ID do lead')).toBe(person.second);
    expect(cell('Envios')).toBe('2');
    expect(cell('Cargo')).toBe('CEO / Proprietário');
    expect(cell('Serviço')).toBe('Consultoria Empresarial');
    expect(cell('Regra')).toBe(RULE);
    expect(cell('Consultor')).toBe('Ana Souza');
    expect(cell('Reuniões')).toBe('1');
    // Its only meeting was cancelled and never had an outcome.
    expect([cell('Próxima reunião'), cell('Desfecho'), cell('Qualificado')]).toEqual(['', '', '']);
  });

  it('a CSV row carries the next meeting, the latest outcome and whether the lead was qualified', async () => {
    const booked = await t.book({ leadId: alone, scheduledDate: futureWorkday(6), scheduledTime: '14:00', presellerId: PRESELLERS.bruno });
    expect(booked.status).toBe(201);
    const { meeting } = (await booked.json()) as { meeting: { id: string; startsAt: string } };
    // An outcome as the painel records it (an earlier meeting's, say): the row shows the latest one.
    await db.query("insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by) values ($1, 'attended', true, 'mentor')", [meeting.id]);
    const res = await call('GET', '/api/painel/exportar/leads?busca=ventos', { cookie: mentor });
    const text = Buffer.from(await res.arrayBuffer()).subarray(3).toString('utf8');
    const [header, row] = parse(text, { delimiter: ';', record_delimiter: '\r\n' }) as string[][];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('ID do lead')).toBe(alone);
    expect(cell('Consultor')).toBe('Bruno Almeida');
    expect(cell('Próxima reunião')).toMatch(/^\d{2}\/\d{2}\/\d{4} 14:00$/);
    expect([cell('Desfecho'), cell('Qualificado')]).toEqual(['Compareceu', 'Sim']);
  });

  it('a submission on another day is told again (one "Novo lead" per person per day, not ever)', async () => {
    const first = await submit({ nomeCompleto: 'Carla Dias', email: 'carla@dias.com.br', nomeEmpresa: 'Dias Solar' });
    const sameDay = await submit({ nomeCompleto: 'Carla Dias', email: 'Carla@Dias.com.br', nomeEmpresa: 'Dias Solar' });
    expect(await notices([first, sameDay])).toBe(1);
    // The day turned: the person's notice was yesterday's.
    await db.query("update outbox set created_at = created_at - interval '1 day' where kind = 'lead-notification' and lead_id = $1", [first]);
    const nextDay = await submit({ nomeCompleto: 'Carla Dias', email: 'carla+2@dias.com.br', nomeEmpresa: 'Dias Solar' });
    expect(await notices([first, sameDay, nextDay])).toBe(2);
  });
});
