// Números on a real year (issue 34, item 4): the facts the writers keep for the figures (lead_person_ids'
// dates, touches and steps; meeting_latest_outcomes; numbers_daily's and consultant_daily's per-day totals) equal a recomputation from the rows themselves after
// every kind of write — a lead, a returning person filling the form between two earlier fills, a corrected
// address, a booking, a cancellation, an outcome recorded, changed and removed, a meeting moved to another
// consultant and day, an erasure (which leaves nothing behind) — and numbers_people equals the reference
// people for periods that cut a person's rows every way, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PRESELLERS } from './painel-helpers';
import { buildHistory, NOW, referencePeople } from './numbers-history';
import { storeCases, type Opened } from './stores';

/** Each lead's facts by a reading written apart from the migration (correlated lookups, no windows). */
const RECOMPUTED = `
  with latest as (
    select m.id, m.lead_id, m.status, (select o.attendance from meeting_outcomes o where o.meeting_id = m.id
        order by o.recorded_at desc, o.id desc limit 1) as attendance,
      (select o.qualified from meeting_outcomes o where o.meeting_id = m.id order by o.recorded_at desc, o.id desc limit 1) as qualified
    from meetings m
  )
  select l.id::text as lead_id, email_identity(l.email) as identity, l.created_at::text as created_at,
    (select p.created_at from leads p where email_identity(p.email) = email_identity(l.email) and (p.created_at, p.id) < (l.created_at, l.id)
      order by p.created_at desc, p.id desc limit 1)::text as prev_at,
    (select p.created_at from leads p where email_identity(p.email) = email_identity(l.email) and (p.created_at, p.id) > (l.created_at, l.id)
      order by p.created_at, p.id limit 1)::text as next_at,
    l.first_touch->>'utm_source' as f_source, l.first_touch->>'utm_campaign' as f_campaign, l.first_touch->>'referrer_host' as f_referrer,
    l.last_touch->>'utm_source' as l_source, l.last_touch->>'utm_campaign' as l_campaign, l.segmento, l.routing_kind,
    exists (select 1 from meetings m where m.lead_id = l.id) as booked,
    exists (select 1 from latest m where m.lead_id = l.id and m.status = 'scheduled' and m.attendance = 'attended') as attended,
    exists (select 1 from latest m where m.lead_id = l.id and m.status = 'scheduled' and m.attendance = 'attended' and m.qualified) as qualified
  from leads l order by l.id`;
const STORED = `
  select i.lead_id::text as lead_id, i.identity, i.created_at::text as created_at, i.prev_at::text as prev_at, i.next_at::text as next_at,
    i.f_source, i.f_campaign, i.f_referrer, i.l_source, i.l_campaign, i.segmento, i.routing_kind, i.booked, i.attended, i.qualified
  from lead_person_ids i order by i.lead_id`;
/**
 * numbers_daily by a reading apart from the triggers: the persons with one lead ever, counted per Brasília
 * day and per table (each kind's key from that lead's facts); the stored rows whose counts are all zero
 * (after an erasure or a second submission) are left out of the stored side.
 */
const DAILY_RECOMPUTED = `
  with single as (
    select i.* from lead_person_ids i where (select count(*) from lead_person_ids j where j.identity = i.identity) = 1
  ), keyed as (
    select (s.created_at at time zone 'America/Sao_Paulo')::date as day, k.kind, k.a, k.b, k.c, k.d, k.v, s.routing_kind, s.booked, s.attended, s.qualified
    from single s cross join lateral (values ('first', s.f_source, s.f_medium, s.f_campaign, s.f_referrer, null),
      ('last', s.l_source, s.l_medium, s.l_campaign, s.l_referrer, null), ('segmento', null, null, null, null, s.segmento),
      ('faturamento', null, null, null, null, s.faturamento), ('servico', null, null, null, null, s.servico)) k(kind, a, b, c, d, v)
  )
  select day::text as day, kind, a, b, c, d, v, count(*)::int as leads, (count(*) filter (where routing_kind in ('team', 'pool')))::int as offered,
    count(routing_kind)::int as offered_known, (count(*) filter (where routing_kind = 'none' and not booked))::int as no_rule,
    (count(*) filter (where booked))::int as booked, (count(*) filter (where attended))::int as attended, (count(*) filter (where qualified))::int as qualified
  from keyed group by 1, 2, 3, 4, 5, 6, 7 order by 2, 1, 3, 4, 5, 6, 7`;
const DAILY_STORED = `
  select day::text as day, kind, source as a, medium as b, campaign as c, referrer as d, value as v, leads, offered, offered_known, no_rule, booked, attended, qualified
  from numbers_daily where (leads, offered, offered_known, no_rule, booked, attended, qualified) <> (0, 0, 0, 0, 0, 0, 0)
  order by 2, 1, 3, 4, 5, 6, 7`;
/**
 * consultant_daily by a reading apart from the writers: every meeting by its consultant and Brasília day of
 * booking (booked, cancelled, the fair share's count) and of start (the rest), its latest outcome looked up
 * one by one.
 */
const CONSULTANT_DAILY_RECOMPUTED = `
  with m as (
    select m.preseller_id, m.status, (m.booked_at at time zone 'America/Sao_Paulo')::date as booked_day,
      (m.starts_at at time zone 'America/Sao_Paulo')::date as starts_day,
      (select o.attendance from meeting_outcomes o where o.meeting_id = m.id order by o.recorded_at desc, o.id desc limit 1) as attendance,
      (select o.qualified from meeting_outcomes o where o.meeting_id = m.id order by o.recorded_at desc, o.id desc limit 1) as qualified
    from meetings m
  ), facts as (
    select preseller_id, booked_day as day, 1 as booked, (status = 'cancelled')::int as cancelled,
      (status = 'scheduled' and attendance is distinct from 'lead_no_show')::int as counted, 0 as starting, 0 as scheduled, 0 as held,
      0 as no_shows, 0 as consultant_no_shows, 0 as qualified, 0 as open
    from m
    union all
    select preseller_id, starts_day, 0, 0, 0, 1, (status = 'scheduled')::int, coalesce(status = 'scheduled' and attendance = 'attended', false)::int,
      coalesce(status = 'scheduled' and attendance = 'lead_no_show', false)::int, coalesce(status = 'scheduled' and attendance = 'consultant_no_show', false)::int,
      coalesce(status = 'scheduled' and attendance = 'attended' and qualified, false)::int, (status = 'scheduled' and attendance is null)::int
    from m
  )
  select day::text as day, preseller_id::text as preseller_id, sum(booked)::int as booked, sum(cancelled)::int as cancelled,
    sum(counted)::int as counted, sum(starting)::int as starting, sum(scheduled)::int as scheduled, sum(held)::int as held,
    sum(no_shows)::int as no_shows, sum(consultant_no_shows)::int as consultant_no_shows, sum(qualified)::int as qualified, sum(open)::int as open
  from facts group by 1, 2 order by 1, 2`;
const CONSULTANT_DAILY_STORED = `
  select day::text as day, preseller_id::text as preseller_id, booked, cancelled, counted, starting, scheduled, held, no_shows,
    consultant_no_shows, qualified, open
  from consultant_daily order by 1, 2`;
const LATEST = `select distinct on (o.meeting_id) o.meeting_id::text as meeting_id, o.attendance, o.qualified from meeting_outcomes o
  order by o.meeting_id, o.recorded_at desc, o.id desc`;

describe.each(storeCases(inject('postgresUrl')))('Números facts on $name', (store) => {
  let opened: Opened;
  beforeAll(async () => {
    opened = await store.open({ now: () => NOW });
    await buildHistory(opened);
  });
  afterAll(() => opened.close());

  const expectFactsTrue = async () => {
    expect(await opened.query(STORED)).toEqual(await opened.query(RECOMPUTED));
    expect(await opened.query('select meeting_id::text as meeting_id, attendance, qualified from meeting_latest_outcomes order by meeting_id'))
      .toEqual(await opened.query(LATEST));
    const daily = await opened.query(DAILY_RECOMPUTED);
    expect(daily.length).toBeGreaterThan(0);
    expect(await opened.query(DAILY_STORED)).toEqual(daily);
    const consultants = await opened.query(CONSULTANT_DAILY_RECOMPUTED);
    expect(consultants.length).toBeGreaterThan(0);
    expect(await opened.query(CONSULTANT_DAILY_STORED)).toEqual(consultants);
  };

  it('numbers_people equals the reference people for periods cutting persons\' rows every way', async () => {
    const periods = [
      ['2026-09-01T03:00:00Z', '2026-12-01T03:00:00Z'], // every row: ten people with two
      ['2026-10-01T03:00:00Z', '2026-11-01T03:00:00Z'],
      ['2026-09-25T03:00:00Z', '2026-11-12T03:00:00Z'], // some second rows in, some out
      ['2026-11-09T03:00:00Z', '2026-11-10T03:00:00Z'],
    ];
    let several = 0;
    for (const [from, to] of periods) {
      for (const preseller of [null, PRESELLERS.ana]) {
        const got = await opened.query<Record<string, unknown>>(`select identity, created_at, f_source, f_campaign, f_referrer, l_source,
          l_campaign, l_referrer, segmento, booked, attended, qualified, no_rule, offered from numbers_people($1, $2, $3) order by identity`, [from, to, preseller]);
        const reference = await referencePeople(opened, from, to, preseller);
        const want = reference.sort((a, b) => (a.identity < b.identity ? -1 : 1)).map((p) => ({
          identity: p.identity, created_at: p.first_at, f_source: p.first_touch?.utm_source ?? null, f_campaign: p.first_touch?.utm_campaign ?? null,
          f_referrer: p.first_touch?.referrer_host ?? null, l_source: p.last_touch?.utm_source ?? null, l_campaign: p.last_touch?.utm_campaign ?? null,
          l_referrer: p.last_touch?.referrer_host ?? null, segmento: p.segmento, booked: p.booked, attended: p.attended, qualified: p.qualified,
          no_rule: p.no_rule, offered: p.offered,
        }));
        const norm = (rows: Record<string, unknown>[]) => rows.map((r) => ({ ...r, created_at: new Date(r.created_at as string).toISOString() }));
        expect(norm(got), `${from} ${preseller}`).toEqual(norm(want));
        if (preseller === null) expect(got.length).toBeGreaterThan(0);
      }
      const [{ n }] = await opened.query<{ n: number }>(`select count(*)::int as n from (select identity from leads l join lead_person_ids i
        on i.lead_id = l.id where l.created_at >= $1 and l.created_at < $2 group by identity having count(*) > 1) x`, [from, to]);
      several += n;
    }
    expect(several).toBeGreaterThan(0);
  });

  it('keeps the facts equal to the rows through every write, and an erasure leaves none', async () => {
    await expectFactsTrue();
    // A returning person between two of their earlier fills (re-chains all three), and an edited date.
    await opened.query(`insert into leads (created_at, idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores,
        segmento, modelo_negocio, origem, consent_at, privacy_policy_version, first_touch, last_touch, servico, routing_kind)
      select l.created_at + interval '3 days', 'facts-between', l.nome, 'PESSOA.1@exemplo.com.br', l.telefone, l.empresa, l.cnpj, l.cargo,
        l.faturamento, l.vendedores, 'ecommerce', l.modelo_negocio, l.origem, l.consent_at, l.privacy_policy_version,
        '{"utm_source":"tiktok","utm_campaign":"x"}'::jsonb, null, l.servico, 'pool'
      from leads l where l.email = 'pessoa.1@exemplo.com.br' order by l.created_at limit 1`);
    await opened.query(`update leads set created_at = created_at - interval '2 days', segmento = 'tecnologia-saas' where idempotency_key = 'numeros-lead-7'`);
    // A corrected address moves a lead to another person (both persons' rows re-placed).
    await opened.query(`update leads set email = 'pessoa.2@exemplo.com.br' where idempotency_key = 'numeros-lead-30'`);
    // Outcomes: a new latest one, a changed one, a removed one; a cancellation; a booking.
    const [a, b, c] = await opened.query<{ id: string }>(`select m.id from meetings m where exists (select 1 from meeting_outcomes o where o.meeting_id = m.id)
      and m.status = 'scheduled' order by m.idempotency_key limit 3`);
    await opened.query(`insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by, recorded_at) values ($1, 'attended', true, 'x', now() + interval '1 day')`, [a.id]);
    await opened.query(`update meeting_outcomes set attendance = 'lead_no_show', qualified = null where meeting_id = $1`, [b.id]);
    await opened.query('delete from meeting_outcomes where meeting_id = $1', [c.id]);
    await opened.query(`update meetings set status = 'cancelled', cancelled_at = now(), cancelled_by = 'lead' where id = $1`, [a.id]);
    await opened.query(`insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key)
      select id, $1, '2026-12-01T13:00:00Z', '2026-12-01T13:30:00Z', 'consultoria', 50, 'facts-booking' from leads where idempotency_key = 'facts-between'`, [PRESELLERS.bruno]);
    // A meeting with an outcome moved to another consultant and day (a reassignment and a reschedule).
    await opened.query(`update meetings set preseller_id = $2, starts_at = starts_at + interval '2 days', ends_at = ends_at + interval '2 days'
      where id = $1`, [b.id, PRESELLERS.carla]);
    await expectFactsTrue();
    // The erasure (the painel's and the data-subject command's function): nothing of the person stays.
    const [{ ids }] = await opened.query<{ ids: string[] }>(`select array_agg(id::text) as ids from leads where email_identity(email) = email_identity('pessoa.1@exemplo.com.br')`);
    expect(ids.length).toBe(3);
    await opened.query(`select delete_person_data('pessoa.1@exemplo.com.br')`);
    expect(await opened.query('select 1 from lead_person_ids where lead_id = any($1::uuid[])', [ids])).toEqual([]);
    expect(await opened.query(`select 1 from meeting_latest_outcomes o where not exists (select 1 from meetings m where m.id = o.meeting_id)`)).toEqual([]);
    await expectFactsTrue();
    // A person with one submission ever (counted in numbers_daily), booked, erased: their day's totals drop.
    const [{ email }] = await opened.query<{ email: string }>(`select l.email from leads l join lead_person_ids i on i.lead_id = l.id
      where i.prev_at is null and i.next_at is null and i.booked order by l.created_at limit 1`);
    await opened.query('select delete_person_data($1)', [email]);
    await expectFactsTrue();
  });
});
