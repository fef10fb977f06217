// "Precisa de você" on Hoje and in the morning mail, from one server module (functions/lib/painel/needs-you.ts):
// meetings without an outcome (count, oldest), a paused integration, a deactivated consultant's meetings and
// a time off over a meeting (orphaned-meetings.ts), leads a rule holds with no active consultant, a calendar
// not read for over an hour; a consultant sees their own part only; each fixed, the block empties.
// On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { queuePendingOutcomesMail } from '../../functions/lib/painel/daily-mail';
import { orphanedMeetings } from '../../functions/lib/painel/orphaned-meetings';
import { needsYouLine, type NeedsYouItem } from '../../src/domain/painel/needs-you';
import { placeHash } from '../../src/domain/painel/address';
import type { TodayView } from '../../src/domain/painel/numbers';
import { wallClock } from '../../src/lib/meeting-time';
import { ANA, bookMeeting, MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import { storeCases, type Opened } from './stores';

const wall = (iso: string) => wallClock(new Date(iso));
const HELD_RULE = 'Indústria com consultor dedicado';

describe.each(storeCases(inject('postgresUrl')))('Precisa de você on $name', (store) => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);
  let mentor: string;
  let ana: string;
  const booked: Record<string, { leadId: string; meetingId: string; startsAt: Date }> = {};

  const needs = async (cookie: string) => {
    const res = await call('GET', '/api/painel/hoje', { cookie });
    expect(res.status).toBe(200);
    return ((await res.json()) as TodayView).needsYou;
  };
  const lines = (items: NeedsYouItem[]) => items.map((i) => {
    const line = needsYouLine(i, new Date(), wall);
    return `${line.text} → ${placeHash(line.place)}`;
  });

  beforeAll(async () => {
    opened = await store.open();
    booked.anaPast = await bookMeeting(opened.app, { email: 'past.ana@needs.com.br', presellerId: PRESELLERS.ana, time: '09:00', nome: 'Paula Passado' });
    booked.brunoPast = await bookMeeting(opened.app, { email: 'past.bruno@needs.com.br', presellerId: PRESELLERS.bruno, time: '09:00', nome: 'Pedro Passado' });
    booked.anaOff = await bookMeeting(opened.app, { email: 'off.ana@needs.com.br', presellerId: PRESELLERS.ana, day: 1, time: '09:30', nome: 'Olga Folga' });
    booked.brunoA = await bookMeeting(opened.app, { email: 'a.bruno@needs.com.br', presellerId: PRESELLERS.bruno, day: 1, time: '10:00', nome: 'Ivo Inativo' });
    booked.brunoB = await bookMeeting(opened.app, { email: 'b.bruno@needs.com.br', presellerId: PRESELLERS.bruno, day: 2, time: '11:00', nome: 'Iara Inativa' });
    // Two meetings over without an outcome: 3 and 2 days ago.
    await opened.query(`update meetings set starts_at = now() - interval '3 days', ends_at = now() - interval '3 days' + interval '30 minutes' where id = $1`, [booked.anaPast.meetingId]);
    await opened.query(`update meetings set starts_at = now() - interval '2 days', ends_at = now() - interval '2 days' + interval '30 minutes' where id = $1`, [booked.brunoPast.meetingId]);
    // Bruno deactivated with two meetings to come; Ana off over one of hers.
    await opened.query(`update presellers set active = false where id = $1`, [PRESELLERS.bruno]);
    await opened.query(`insert into preseller_time_off (preseller_id, starts_at, ends_at, reason) values ($1, $2::timestamptz - interval '1 hour', $2::timestamptz + interval '3 hours', 'Folga')`,
      [PRESELLERS.ana, booked.anaOff.startsAt.toISOString()]);
    // A rule whose only consultant is Bruno, and a lead it holds.
    const rule = { nome: HELD_RULE, quando: { segmento: ['industria'] }, destino: { consultores: ['Bruno.Almeida@consultores.example.com'] } };
    await opened.query(`insert into routing_rule_set (id, rules, version, updated_at) values (true, jsonb_build_object('regras', jsonb_build_array($1::jsonb)), 1, now())
      on conflict (id) do update set rules = jsonb_set(routing_rule_set.rules, '{regras}', jsonb_build_array($1::jsonb) || (routing_rule_set.rules->'regras'))`, [rule]);
    const held = await opened.query<{ id: string }>(`select id from leads where email = 'off.ana@needs.com.br'`);
    await opened.query(`insert into leads (nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores, segmento, modelo_negocio, idempotency_key,
        origem, privacy_policy_version, request_hash, consent_at, routing_rule, routing_kind)
      select nome, 'held@needs.com.br', telefone, empresa, cnpj, cargo, faturamento, vendedores, segmento, modelo_negocio, 'needs-you-held-1',
        origem, privacy_policy_version, request_hash, consent_at, $2, 'pool' from leads where id = $1`, [held[0].id, HELD_RULE]);
    // Ana's calendar, last read 2 hours ago; the webhook paused by a 410.
    await opened.query(`insert into calendar_feeds (preseller_id, url, status, synced_at, connected_at) values ($1, 'https://cal.example.com/ana.ics', 'ok', now() - interval '2 hours', now() - interval '5 hours')`, [PRESELLERS.ana]);
    await opened.query(`update integration_targets set enabled = true, paused_at = now() - interval '40 minutes', paused_status = 410 where target = 'webhook'`);
    mentor = await signIn(MENTOR);
    ana = await signIn(ANA);
  });
  afterAll(() => opened?.close());

  it('the mentor sees each as one line with its exact list', async () => {
    const items = await needs(mentor);
    expect(items.map((i) => i.kind)).toEqual(['pending', 'integration', 'orphaned', 'orphaned', 'held', 'calendar']);
    const text = lines(items);
    expect(text[0]).toMatch(/^2 reuniões sem desfecho · a mais antiga de \d\d\/\d\d às \d\d:\d\d → #reunioes&aba=sem-desfecho$/);
    expect(text[1]).toMatch(/^Webhook: Pausado desde (\d\d\/\d\d )?\d\d:\d\d · HTTP 410 · nada na fila → #integracoes$/);
    const firstDay = (d: Date) => wallClock(d).day;
    expect(text).toContain(`Folga: Ana Souza tem 1 reunião nesse período (a primeira ${wallClock(booked.anaOff.startsAt).date.slice(0, 5)} às 09:30) → `
      + `#reunioes&aba=proximas&consultor=${PRESELLERS.ana}&de=${firstDay(booked.anaOff.startsAt)}&ate=${firstDay(booked.anaOff.startsAt)}`);
    expect(text).toContain(`Consultor desativado: Bruno Almeida ainda tem 2 reuniões marcadas (a primeira ${wallClock(booked.brunoA.startsAt).date.slice(0, 5)} às 10:00) → `
      + `#reunioes&aba=proximas&consultor=${PRESELLERS.bruno}&de=${firstDay(booked.brunoA.startsAt)}&ate=${firstDay(booked.brunoB.startsAt)}`);
    expect(text[4]).toMatch(new RegExp(`^Regra "${HELD_RULE}": 1 lead sem reunião, nenhum consultor ativo na regra → #leads&de=\\d{4}-\\d\\d-\\d\\d&reuniao=sem&regra=Ind%C3%BAstria\\+com`));
    expect(text[5]).toMatch(/^Agenda de Ana Souza sem leitura desde \d\d\/\d\d às \d\d:\d\d → #equipe$/);
  });

  it('a consultant sees only their own part', async () => {
    const items = await needs(ana);
    expect(items.map((i) => i.kind)).toEqual(['pending', 'orphaned', 'calendar']);
    expect(items[0]).toMatchObject({ count: 1 });
    expect(items[1]).toMatchObject({ reason: 'off', consultantId: PRESELLERS.ana, count: 1 });
  });

  it('the orphaned-meetings query: by consultant and window, with the reason and the time off', async () => {
    const now = new Date();
    const all = await orphanedMeetings(opened.app.store, { now });
    expect(new Set(all.map((m) => `${m.id}:${m.reason}`))).toEqual(new Set([
      `${booked.anaOff.meetingId}:off`, `${booked.brunoA.meetingId}:inactive`, `${booked.brunoB.meetingId}:inactive`,
    ]));
    expect(all.find((m) => m.reason === 'off')).toMatchObject({ consultantName: 'Ana Souza', leadName: 'Olga Folga', timeOffId: expect.any(String) });
    expect((await orphanedMeetings(opened.app.store, { now, presellerId: PRESELLERS.bruno })).map((m) => m.id)).toEqual([booked.brunoA.meetingId, booked.brunoB.meetingId]);
    expect(await orphanedMeetings(opened.app.store, { now, until: new Date(booked.brunoA.startsAt.getTime() - 1), presellerId: PRESELLERS.bruno })).toEqual([]);
  });

  it('the morning mail opens with the same lines, each a link to its list', async () => {
    expect(await queuePendingOutcomesMail(opened.app)).toBe(true);
    const [mail] = await opened.query<{ message: { text: string } }>(`select message from outbox where kind = 'painel-pending-outcomes' order by created_at desc limit 1`);
    const text = mail.message.text;
    expect(text.indexOf('Precisa de você:')).toBeGreaterThan(-1);
    expect(text.indexOf('Precisa de você:')).toBeLessThan(text.indexOf('Leads de ontem'));
    for (const line of lines(await needs(mentor))) {
      const [words, hash] = line.split(' → ');
      expect(text).toContain(`${words}\nAbrir: https://mentor-solar.netlify.app/painel${hash}`);
    }
  });

  it('each fixed, the block empties', async () => {
    await opened.query(`insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by) select id, 'attended', false, 'teste' from meetings where id in ($1, $2)`,
      [booked.anaPast.meetingId, booked.brunoPast.meetingId]);
    await opened.query(`update presellers set active = true where id = $1`, [PRESELLERS.bruno]);
    await opened.query(`delete from preseller_time_off where preseller_id = $1`, [PRESELLERS.ana]);
    await opened.query(`update calendar_feeds set synced_at = now() where preseller_id = $1`, [PRESELLERS.ana]);
    await opened.query(`update integration_targets set paused_at = null, paused_status = null where target = 'webhook'`);
    expect(await needs(ana)).toEqual([]);
    expect(await needs(mentor)).toEqual([]);
  });
});
