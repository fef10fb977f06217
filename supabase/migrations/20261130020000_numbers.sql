-- Números (issue 34): the one home of what every figure of the painel's Hoje and Números counts. The
-- screen, its CSV exports and the tests read these functions; the definitions in pt-BR are in the README
-- ("Números: o que cada número conta").
--
-- A lead is a PERSON: the e-mail identity the booking rules already use (email_identity, same_person.sql),
-- counted once in a period however many times they filled the form in it. A person's funnel steps come
-- from the meetings of their lead rows of the period; a meeting counts on two dates: its booking
-- (booked_at) for "agendadas", cancellations and time to book, and its start (starts_at) for what happened
-- in it (realizada, não compareceu, sem desfecho). Days and weeks are Brasília's (the caller's time zone).

-- "Agendadas" includes meetings later cancelled: the partial booked_at indexes skip those.
create index meetings_booked_any_idx on public.meetings (booked_at);

-- A lead's person, stored: email_identity costs ~35 µs a row (regular expressions), 0.9 of the 2.5 s a
-- year's figures took on 50,000 leads computed per query; stored, it is read like any column.
alter table public.leads add column person_key text generated always as (public.email_identity(email)) stored;

-- 1. The people of a period: one row per e-mail identity with a lead row created in [p_from, p_to) (for a
--    consultant, p_preseller: only lead rows with a meeting of theirs, and only their meetings count).
--    first_touch: of the person's earliest row in the period; last_touch, profile: of the latest.
--    offered ("viram o calendário"): a row was routed to a calendar (routing_kind team/pool); null when no
--    row recorded its routing (leads from before routing). no_rule ("sem reunião por regra"): every
--    recorded row was routed to no meeting and the person booked none.
--    booked: any meeting (cancelled later or not); attended: a meeting not cancelled whose latest outcome
--    is "Compareceu"; qualified: that, marked qualificado.
create function public.numbers_people(p_from timestamptz, p_to timestamptz, p_preseller uuid)
returns table (identity text, created_at timestamptz, first_touch jsonb, last_touch jsonb, segmento text,
  faturamento text, servico text, offered boolean, no_rule boolean, booked boolean, attended boolean, qualified boolean)
language sql stable
set search_path = public
as $$
  with rows as (
    select l.id, l.created_at, l.person_key as identity, l.first_touch, l.last_touch, l.segmento,
      l.faturamento, l.servico, l.routing_kind
    from leads l
    where l.created_at >= p_from and l.created_at < p_to
      and (p_preseller is null or exists (select 1 from meetings m where m.lead_id = l.id and m.preseller_id = p_preseller))
  ), met as (
    select r.identity, m.status, o.attendance, o.qualified
    from rows r
    join meetings m on m.lead_id = r.id and (p_preseller is null or m.preseller_id = p_preseller)
    left join lateral (select x.attendance, x.qualified from meeting_outcomes x where x.meeting_id = m.id
      order by x.recorded_at desc, x.id desc limit 1) o on true
  ), steps as (
    select met.identity, bool_or(met.status = 'scheduled' and met.attendance = 'attended') as attended,
      bool_or(met.status = 'scheduled' and met.attendance = 'attended' and met.qualified) as qualified
    from met group by met.identity
  ), firsts as (
    -- One sort each for the earliest and the latest row: ordered array_aggs sorted every person apart
    -- (a year of 26,000 people took 0.5 s more that way).
    select distinct on (r.identity) r.identity, r.created_at, r.first_touch from rows r order by r.identity, r.created_at, r.id
  ), lasts as (
    select distinct on (r.identity) r.identity, r.last_touch, r.segmento, r.faturamento, r.servico from rows r
    order by r.identity, r.created_at desc, r.id desc
  ), routed as (
    select r.identity, bool_or(r.routing_kind in ('team', 'pool')) as offered, bool_and(r.routing_kind = 'none') as none
    from rows r group by r.identity
  )
  select f.identity, f.created_at, f.first_touch, la.last_touch, la.segmento, la.faturamento, la.servico, ro.offered,
    coalesce(ro.none, false) and s.identity is null,
    s.identity is not null, coalesce(s.attended, false), coalesce(s.qualified, false)
  from firsts f join lasts la on la.identity = f.identity join routed ro on ro.identity = f.identity
  left join steps s on s.identity = f.identity;
$$;

-- 2. Everything Números shows for [from, to): p { from, to, now, time_zone, preseller (a consultant's own
--    numbers; null: the team), touch ('first' | 'last': which touch "Por origem" reads), parts (subset of
--    funnel, previous, groups, consultants, time; all when absent) }.
--    funnel: the people counts; previous: the same for the period of equal length just before; groups:
--    the same per origin (utm source/medium/campaign of the touch, and its referring host), segmento,
--    faturamento, serviço and week (Monday, Brasília); consultants: per consultant and the team (id null),
--    meetings booked in the period (and of them cancelled), meetings starting in it (scheduled) and their
--    outcomes (held, no-shows, qualified, pending = over without an outcome), and the fairness count
--    (routing_counted, the one the router and Equipe's report use) with the weight's target share;
--    time: of the meetings booked in the period, lead→booking and booking→start (median, p90, seconds),
--    cancelled by the lead / by the team, rescheduled (and of them by the team through the painel).
create function public.painel_numbers(p jsonb)
returns jsonb
language plpgsql stable
set search_path = public
set jit = off
-- A year's people sort in memory (4 MB, the default, spilled them to disk on 50,000 leads).
set work_mem = '32MB'
as $$
declare
  v_from timestamptz := (p->>'from')::timestamptz;
  v_to timestamptz := (p->>'to')::timestamptz;
  v_now timestamptz := coalesce((p->>'now')::timestamptz, now());
  v_tz text := coalesce(p->>'time_zone', 'America/Sao_Paulo');
  v_pre uuid := (p->>'preseller')::uuid;
  v_last boolean := p->>'touch' = 'last';
  v_parts jsonb := coalesce(p->'parts', '["funnel","previous","groups","consultants","time"]'::jsonb);
  v_result jsonb := '{}'::jsonb;
begin
  if v_parts ? 'funnel' or v_parts ? 'groups' then
    with people as (
      select n.*, case when v_last then n.last_touch else n.first_touch end as t from numbers_people(v_from, v_to, v_pre) n
    ), sets as (
      select
        case when grouping(t->>'utm_source', t->>'utm_medium', t->>'utm_campaign', t->>'referrer_host') = 0 then 'origin'
          when grouping(segmento) = 0 then 'segmento' when grouping(faturamento) = 0 then 'faturamento'
          when grouping(servico) = 0 then 'servico'
          when grouping((date_trunc('week', created_at at time zone v_tz))::date) = 0 then 'week' else 'all' end as kind,
        jsonb_build_object('source', t->>'utm_source', 'medium', t->>'utm_medium', 'campaign', t->>'utm_campaign',
          'referrer', t->>'referrer_host') as origin,
        coalesce(segmento, faturamento, servico, (date_trunc('week', created_at at time zone v_tz))::date::text) as value,
        jsonb_build_object('leads', count(*), 'offered', count(*) filter (where offered),
          'offeredKnown', count(*) filter (where offered is not null), 'noRule', count(*) filter (where no_rule),
          'booked', count(*) filter (where booked), 'attended', count(*) filter (where attended),
          'qualified', count(*) filter (where qualified)) as counts
      from people
      group by grouping sets ((), (t->>'utm_source', t->>'utm_medium', t->>'utm_campaign', t->>'referrer_host'),
        (segmento), (faturamento), (servico), ((date_trunc('week', created_at at time zone v_tz))::date))
    )
    select v_result || jsonb_build_object(
      'funnel', coalesce((select s.counts from sets s where s.kind = 'all'),
        '{"leads":0,"offered":0,"offeredKnown":0,"noRule":0,"booked":0,"attended":0,"qualified":0}'::jsonb),
      'groups', jsonb_build_object(
        'origin', coalesce((select jsonb_agg(s.origin || s.counts order by (s.counts->>'leads')::int desc, s.origin::text)
          from sets s where s.kind = 'origin'), '[]'::jsonb),
        'segmento', coalesce((select jsonb_agg(jsonb_build_object('value', s.value) || s.counts order by (s.counts->>'leads')::int desc, s.value)
          from sets s where s.kind = 'segmento'), '[]'::jsonb),
        'faturamento', coalesce((select jsonb_agg(jsonb_build_object('value', s.value) || s.counts order by s.value)
          from sets s where s.kind = 'faturamento'), '[]'::jsonb),
        'servico', coalesce((select jsonb_agg(jsonb_build_object('value', s.value) || s.counts order by s.value nulls last)
          from sets s where s.kind = 'servico'), '[]'::jsonb),
        'week', coalesce((select jsonb_agg(jsonb_build_object('value', s.value) || s.counts order by s.value)
          from sets s where s.kind = 'week'), '[]'::jsonb)))
    into v_result;
  end if;

  if v_parts ? 'previous' then
    select v_result || jsonb_build_object('previous', jsonb_build_object('leads', count(*),
      'offered', count(*) filter (where offered), 'offeredKnown', count(*) filter (where offered is not null),
      'noRule', count(*) filter (where no_rule), 'booked', count(*) filter (where booked),
      'attended', count(*) filter (where attended), 'qualified', count(*) filter (where qualified)))
    from numbers_people(v_from - (v_to - v_from), v_from, v_pre)
    into v_result;
  end if;

  if v_parts ? 'consultants' then
    with m as (
      select m.id, m.preseller_id, m.status, m.ends_at,
        m.booked_at >= v_from and m.booked_at < v_to as booked_in,
        m.starts_at >= v_from and m.starts_at < v_to as starts_in, o.attendance, o.qualified
      from meetings m
      left join lateral (select x.attendance, x.qualified from meeting_outcomes x where x.meeting_id = m.id
        order by x.recorded_at desc, x.id desc limit 1) o on true
      where ((m.booked_at >= v_from and m.booked_at < v_to) or (m.starts_at >= v_from and m.starts_at < v_to))
        and (v_pre is null or m.preseller_id = v_pre)
    ), counted as (
      select c.preseller_id, count(*) as n from routing_counted(v_from, v_to) c
      where v_pre is null or c.preseller_id = v_pre group by c.preseller_id
    ), team as (
      select c.id, c.name, c.active, c.weight from presellers c where v_pre is null or c.id = v_pre
    ), per as (
      select t.id, t.name, t.active, t.weight,
        count(*) filter (where m.booked_in) as booked,
        count(*) filter (where m.booked_in and m.status = 'cancelled') as cancelled,
        count(*) filter (where m.starts_in and m.status = 'scheduled') as scheduled,
        count(*) filter (where m.starts_in and m.status = 'scheduled' and m.attendance = 'attended') as held,
        count(*) filter (where m.starts_in and m.status = 'scheduled' and m.attendance = 'lead_no_show') as no_shows,
        count(*) filter (where m.starts_in and m.status = 'scheduled' and m.attendance = 'consultant_no_show') as consultant_no_shows,
        count(*) filter (where m.starts_in and m.status = 'scheduled' and m.attendance = 'attended' and m.qualified) as qualified,
        count(*) filter (where m.starts_in and m.status = 'scheduled' and m.attendance is null and m.ends_at <= v_now) as pending,
        coalesce((select n from counted where counted.preseller_id = t.id), 0) as counted
      from team t left join m on m.preseller_id = t.id
      group by t.id, t.name, t.active, t.weight
      having t.active or count(m.id) > 0
    ), totals as (
      select coalesce(sum(counted), 0) as counted, (select sum(weight) from presellers where active) as weights from per
    )
    select v_result || jsonb_build_object('consultants', coalesce((select jsonb_agg(jsonb_build_object(
        'id', per.id, 'name', per.name, 'active', per.active, 'booked', per.booked, 'cancelled', per.cancelled,
        'scheduled', per.scheduled, 'held', per.held, 'noShows', per.no_shows, 'consultantNoShows', per.consultant_no_shows,
        'qualified', per.qualified, 'pending', per.pending, 'counted', per.counted,
        'share', case when totals.counted > 0 then round(per.counted::numeric / totals.counted, 4) end,
        'target', case when per.active and totals.weights > 0 then round(per.weight::numeric / totals.weights, 4) end)
      order by per.active desc, per.name, per.id) from per, totals), '[]'::jsonb),
      'team', (select jsonb_build_object('booked', coalesce(sum(booked), 0), 'cancelled', coalesce(sum(cancelled), 0),
        'scheduled', coalesce(sum(scheduled), 0), 'held', coalesce(sum(held), 0), 'noShows', coalesce(sum(no_shows), 0),
        'consultantNoShows', coalesce(sum(consultant_no_shows), 0), 'qualified', coalesce(sum(qualified), 0),
        'pending', coalesce(sum(pending), 0), 'counted', coalesce(sum(counted), 0)) from per))
    into v_result;
  end if;

  if v_parts ? 'time' then
    with b as (
      select m.id, m.status, m.cancelled_by, extract(epoch from m.booked_at - l.created_at) as to_book,
        extract(epoch from m.starts_at - m.booked_at) as to_meet
      from meetings m join leads l on l.id = m.lead_id
      where m.booked_at >= v_from and m.booked_at < v_to and (v_pre is null or m.preseller_id = v_pre)
    ), moved as (
      select distinct e.meeting_id from meeting_events e join b on b.id = e.meeting_id where e.kind = 'rescheduled'
    ), moved_by_team as (
      select distinct b.id from b join painel_activity a on a.action = 'meeting_rescheduled' and a.subject = b.id::text
    )
    select v_result || jsonb_build_object('time', jsonb_build_object('booked', count(*),
      'leadToBooking', jsonb_build_object('median', round(percentile_cont(0.5) within group (order by b.to_book)),
        'p90', round(percentile_cont(0.9) within group (order by b.to_book))),
      'bookingToMeeting', jsonb_build_object('median', round(percentile_cont(0.5) within group (order by b.to_meet)),
        'p90', round(percentile_cont(0.9) within group (order by b.to_meet))),
      'cancelledByLead', count(*) filter (where b.status = 'cancelled' and b.cancelled_by = 'lead'),
      'cancelledByTeam', count(*) filter (where b.status = 'cancelled' and b.cancelled_by is distinct from 'lead'),
      'rescheduled', (select count(*) from moved),
      'rescheduledByTeam', (select count(*) from moved_by_team)))
    from b
    into v_result;
  end if;

  return v_result;
end
$$;

revoke all on function public.numbers_people(timestamptz, timestamptz, uuid) from public, anon, authenticated;
revoke all on function public.painel_numbers(jsonb) from public, anon, authenticated;
grant execute on function public.numbers_people(timestamptz, timestamptz, uuid) to service_role;
grant execute on function public.painel_numbers(jsonb) to service_role;
