-- Números on long periods: the persons with one submission ever (nearly all) are counted from per-day totals
-- the writers keep, not row by row. Such a person is, in any period, exactly their one row: counting them by
-- day is exact. The few with several submissions are still grouped per period (numbers_people), as before.
-- A year read 50,000 wide rows through numbers_people and grouped them six ways (~220 ms of a 731-day call
-- on PostgreSQL, 2026-11-29); the same from the totals is a few thousand narrow rows.

-- The Brasília day the totals are kept by: the scheduling zone (src/domain/scheduling/config.ts). A period
-- asked in another zone, or not from midnight to midnight there, is counted row by row as before.
create function public.numbers_daily_zone()
returns text
language sql immutable parallel safe
set search_path = ''
as $$ select 'America/Sao_Paulo'::text $$;
revoke all on function public.numbers_daily_zone() from public, anon, authenticated;
grant execute on function public.numbers_daily_zone() to service_role;

-- Per day and per table of Números (first touch, last touch, segmento, faturamento, serviço), the counts of
-- the single-submission persons whose row is of that day, as painel_numbers counts a person: leads, offered
-- a time (routing team or pool), routing known, no rule and not booked, booked, attended, qualified.
-- Rows may reach zero after an erasure or a second submission; readers skip them.
create table public.numbers_daily (
  day date not null,
  kind text not null check (kind in ('first', 'last', 'segmento', 'faturamento', 'servico')),
  source text,
  medium text,
  campaign text,
  referrer text,
  value text,
  leads integer not null,
  offered integer not null,
  offered_known integer not null,
  no_rule integer not null,
  booked integer not null,
  attended integer not null,
  qualified integer not null
);
-- The rows of persons with several submissions: the only ones numbers_people reads for the team.
create index lead_person_ids_multi_idx on public.lead_person_ids (created_at) where prev_at is not null or next_at is not null;
create unique index numbers_daily_key on public.numbers_daily (kind, day, source, medium, campaign, referrer, value) nulls not distinct;
alter table public.numbers_daily enable row level security;

-- Adds (p_sign 1) or removes (-1) the rows' counts, for the rows of single-submission persons. The writers
-- take one lock until they commit: a transaction can write the totals in two statements (a returning
-- person's new row, then their earlier one's), and two such on the same day could each hold a row the
-- other needs next; the totals' rows of a day are shared by every lead of it anyway.
create function public.numbers_daily_add(p_rows lead_person_ids[], p_sign integer)
returns void
language sql
set search_path = public
as $$
  select pg_advisory_xact_lock(20261201, 1);
  insert into numbers_daily as d (day, kind, source, medium, campaign, referrer, value, leads, offered, offered_known, no_rule, booked, attended, qualified)
  select k.day, k.kind, k.source, k.medium, k.campaign, k.referrer, k.value, p_sign * count(*),
    p_sign * count(*) filter (where k.routing_kind in ('team', 'pool')), p_sign * count(k.routing_kind),
    p_sign * count(*) filter (where coalesce(k.routing_kind = 'none', false) and not k.booked),
    p_sign * count(*) filter (where k.booked), p_sign * count(*) filter (where k.attended), p_sign * count(*) filter (where k.qualified)
  from (
    select (r.created_at at time zone numbers_daily_zone())::date as day, r.routing_kind, r.booked, r.attended, r.qualified, t.*
    from unnest(p_rows) r
    cross join lateral (values
      ('first', r.f_source, r.f_medium, r.f_campaign, r.f_referrer, null::text),
      ('last', r.l_source, r.l_medium, r.l_campaign, r.l_referrer, null),
      ('segmento', null, null, null, null, r.segmento),
      ('faturamento', null, null, null, null, r.faturamento),
      ('servico', null, null, null, null, r.servico)) t(kind, source, medium, campaign, referrer, value)
    where r.prev_at is null and r.next_at is null and r.created_at is not null
  ) k
  group by k.kind, k.day, k.source, k.medium, k.campaign, k.referrer, k.value
  order by k.kind, k.day, k.source, k.medium, k.campaign, k.referrer, k.value
  on conflict (kind, day, source, medium, campaign, referrer, value) do update set
    leads = d.leads + excluded.leads, offered = d.offered + excluded.offered, offered_known = d.offered_known + excluded.offered_known,
    no_rule = d.no_rule + excluded.no_rule, booked = d.booked + excluded.booked, attended = d.attended + excluded.attended,
    qualified = d.qualified + excluded.qualified;
$$;
revoke all on function public.numbers_daily_add(lead_person_ids[], integer) from public, anon, authenticated;
grant execute on function public.numbers_daily_add(lead_person_ids[], integer) to service_role;

-- Every write of lead_person_ids (the form, a booking, an outcome, a second submission, the seed, an
-- erasure's cascade), once per statement: what left, then what came.
create function public.numbers_daily_sync()
returns trigger
language plpgsql
set search_path = public
set jit = off
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform numbers_daily_add(array(select g::lead_person_ids from gone g), -1);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    perform numbers_daily_add(array(select c::lead_person_ids from changed c), 1);
  end if;
  return null;
end
$$;
revoke all on function public.numbers_daily_sync() from public, anon, authenticated;

create trigger numbers_daily_added after insert on public.lead_person_ids
  referencing new table as changed for each statement execute function public.numbers_daily_sync();
create trigger numbers_daily_changed after update on public.lead_person_ids
  referencing old table as gone new table as changed for each statement execute function public.numbers_daily_sync();
create trigger numbers_daily_gone after delete on public.lead_person_ids
  referencing old table as gone for each statement execute function public.numbers_daily_sync();

select numbers_daily_add(array(select r from lead_person_ids r), 1);

-- numbers_people can leave out the single-submission persons (counted from numbers_daily by painel_numbers).
-- A new argument: the function is dropped and made again (campaign_money_rows calls it with three).
drop function public.numbers_people(timestamptz, timestamptz, uuid);
create function public.numbers_people(p_from timestamptz, p_to timestamptz, p_preseller uuid, p_multi_only boolean default false)
returns table (identity text, created_at timestamptz, f_source text, f_medium text, f_campaign text, f_referrer text,
  l_source text, l_medium text, l_campaign text, l_referrer text, segmento text, faturamento text, servico text,
  offered boolean, no_rule boolean, booked boolean, attended boolean, qualified boolean)
language plpgsql
stable
set search_path = public
set jit = off
as $function$
begin
  -- p_multi_only (the team's only): leave out the persons with one submission ever, whom the caller counts
  -- from numbers_daily. EXECUTE: planned for these dates each time (a generic plan guesses a period's rows). $4: the rows
  -- grouped by person (the rows of the people with several in the period, or a consultant's rows).
  return query execute format($q$
    with cr as materialized (%s), firsts as (
      select distinct on (c.identity) c.identity, c.created_at, c.f_source, c.f_medium, c.f_campaign, c.f_referrer
      from cr c order by c.identity, c.created_at, c.lead_id
    ), lasts as (
      select distinct on (c.identity) c.identity, c.l_source, c.l_medium, c.l_campaign, c.l_referrer, c.segmento, c.faturamento, c.servico
      from cr c order by c.identity, c.created_at desc, c.lead_id desc
    ), steps as (
      select c.identity, bool_or(c.routing_kind in ('team', 'pool')) as offered, coalesce(bool_and(c.routing_kind = 'none'), false) as none,
        bool_or(c.booked) as booked, bool_or(c.attended) as attended, bool_or(c.qualified) as qualified
      from cr c group by c.identity
    )
    %s
    select f.identity, f.created_at, f.f_source, f.f_medium, f.f_campaign, f.f_referrer,
      la.l_source, la.l_medium, la.l_campaign, la.l_referrer, la.segmento, la.faturamento, la.servico,
      s.offered, s.none and not s.booked, s.booked, s.attended, s.qualified
    from firsts f join lasts la on la.identity = f.identity join steps s on s.identity = f.identity
    $q$,
    case when p_preseller is null then
      -- The team: the rows that are not their person's only one in the period (prev or next inside it).
      $r$select i.identity, i.lead_id, i.created_at, i.f_source, i.f_medium, i.f_campaign, i.f_referrer, i.l_source,
        i.l_medium, i.l_campaign, i.l_referrer, i.segmento, i.faturamento, i.servico, i.routing_kind, i.booked, i.attended, i.qualified
      from lead_person_ids i where i.created_at >= $1 and i.created_at < $2 and (i.prev_at >= $1 or i.next_at < $2)$r$
    else
      -- A consultant: the rows of their meetings' leads, booked by them; their meetings' steps.
      $r$select i.identity, i.lead_id, i.created_at, i.f_source, i.f_medium, i.f_campaign, i.f_referrer, i.l_source,
        i.l_medium, i.l_campaign, i.l_referrer, i.segmento, i.faturamento, i.servico, i.routing_kind, true as booked,
        own.attended, own.qualified
      from (select m.lead_id, bool_or(m.status = 'scheduled' and o.attendance = 'attended') is true as attended,
          bool_or(m.status = 'scheduled' and o.attendance = 'attended' and o.qualified) is true as qualified
        from meetings m left join meeting_latest_outcomes o on o.meeting_id = m.id
        where m.preseller_id = $3 group by m.lead_id) own
      join lead_person_ids i on i.lead_id = own.lead_id where i.created_at >= $1 and i.created_at < $2$r$ end,
    case when p_preseller is null then
      -- The team's people with one row in the period (nearly all): that row, as it is.
      format($s$select i.identity, i.created_at, i.f_source, i.f_medium, i.f_campaign, i.f_referrer, i.l_source, i.l_medium, i.l_campaign,
        i.l_referrer, i.segmento, i.faturamento, i.servico, i.routing_kind in ('team', 'pool'),
        coalesce(i.routing_kind = 'none', false) and not i.booked, i.booked, i.attended, i.qualified
      from lead_person_ids i where i.created_at >= $1 and i.created_at < $2
        and (i.prev_at is null or i.prev_at < $1) and (i.next_at is null or i.next_at >= $2)%s
      union all$s$,
      -- Written into the query, so the planner can use lead_person_ids_multi_idx (a parameter would not match it).
      case when p_multi_only then ' and (i.prev_at is not null or i.next_at is not null)' else '' end) else '' end)
  using p_from, p_to, p_preseller;
end
$function$;
revoke all on function public.numbers_people(timestamptz, timestamptz, uuid, boolean) from public, anon, authenticated;
grant execute on function public.numbers_people(timestamptz, timestamptz, uuid, boolean) to service_role;

-- painel_numbers: the team's funnel, tables and previous period add numbers_daily's totals to the
-- multi-submission persons numbers_people groups.
create or replace function public.painel_numbers(p jsonb)
returns jsonb
language plpgsql
stable
set search_path = public
set jit = off
set work_mem = '32MB'
set random_page_cost = '1.1'
as $function$
declare
  v_from timestamptz := (p->>'from')::timestamptz;
  v_to timestamptz := (p->>'to')::timestamptz;
  v_now timestamptz := coalesce((p->>'now')::timestamptz, now());
  v_tz text := coalesce(p->>'time_zone', 'America/Sao_Paulo');
  v_pre uuid := (p->>'preseller')::uuid;
  v_last boolean := p->>'touch' = 'last';
  v_parts jsonb := coalesce(p->'parts', '["funnel","previous","groups","consultants","time"]'::jsonb);
  v_result jsonb := '{}'::jsonb;
  -- The team's figures over whole Brasília days: the single-submission persons from numbers_daily (exact:
  -- such a person is their row in any period), the others grouped per period by numbers_people.
  v_daily boolean := v_pre is null and v_tz = numbers_daily_zone()
    and (v_from at time zone v_tz)::time = '00:00' and (v_to at time zone v_tz)::time = '00:00';
  v_prev_from timestamptz := v_from - (v_to - v_from);
  v_prev_daily boolean := v_daily and (v_prev_from at time zone v_tz)::time = '00:00';
begin
  if v_parts ? 'funnel' or v_parts ? 'groups' then
    with people as (
      select n.*, case when v_last then n.l_source else n.f_source end as src, case when v_last then n.l_medium else n.f_medium end as med,
        case when v_last then n.l_campaign else n.f_campaign end as camp, case when v_last then n.l_referrer else n.f_referrer end as ref
      from numbers_people(v_from, v_to, v_pre, v_daily) n
    ), counted as (
      select
        case when grouping(src, med, camp, ref) = 0 then 'origin'
          when grouping(segmento) = 0 then 'segmento' when grouping(faturamento) = 0 then 'faturamento'
          when grouping(servico) = 0 then 'servico'
          when grouping((date_trunc('week', created_at at time zone v_tz))::date) = 0 then 'week' else 'all' end as kind,
        src, med, camp, ref, coalesce(segmento, faturamento, servico, (date_trunc('week', created_at at time zone v_tz))::date::text) as value,
        count(*) as leads, count(*) filter (where offered) as offered, count(*) filter (where offered is not null) as offered_known,
        count(*) filter (where no_rule) as no_rule, count(*) filter (where booked) as booked,
        count(*) filter (where attended) as attended, count(*) filter (where qualified) as qualified
      from people
      group by grouping sets ((), (src, med, camp, ref),
        (segmento), (faturamento), (servico), ((date_trunc('week', created_at at time zone v_tz))::date))
    ), daily as (
      -- Each single-submission person has exactly one row of each kind: the segmento rows count everyone once.
      select d.* from numbers_daily d
      where v_daily and d.day >= (v_from at time zone v_tz)::date and d.day < (v_to at time zone v_tz)::date
    ), summed as (
      select * from counted
      union all
      select case when grouping(d.kind, d.source, d.medium, d.campaign, d.referrer) = 0 then 'origin'
          when grouping(d.value) = 0 then d.kind
          when grouping((date_trunc('week', d.day))::date) = 0 then 'week' else 'all' end,
        d.source, d.medium, d.campaign, d.referrer, coalesce(d.value, (date_trunc('week', d.day))::date::text),
        sum(d.leads), sum(d.offered), sum(d.offered_known), sum(d.no_rule), sum(d.booked), sum(d.attended), sum(d.qualified)
      from daily d
      where d.kind in ('segmento', case when v_last then 'last' else 'first' end, 'faturamento', 'servico')
      group by grouping sets ((d.kind), (d.kind, d.source, d.medium, d.campaign, d.referrer), (d.kind, d.value), (d.kind, (date_trunc('week', d.day))::date))
      -- (d.kind) alone is the whole period; the week and the whole period once, from the segmento rows; the
      -- origin from the chosen touch's rows; each answer from its own kind's rows.
      having case when grouping(d.kind, d.source, d.medium, d.campaign, d.referrer) = 0 then d.kind in ('first', 'last')
        when grouping(d.value) = 0 then d.kind in ('segmento', 'faturamento', 'servico')
        else d.kind = 'segmento' end
    ), sets as (
      select s.kind, jsonb_build_object('source', s.src, 'medium', s.med, 'campaign', s.camp, 'referrer', s.ref) as origin, s.value,
        jsonb_build_object('leads', sum(s.leads), 'offered', sum(s.offered), 'offeredKnown', sum(s.offered_known), 'noRule', sum(s.no_rule),
          'booked', sum(s.booked), 'attended', sum(s.attended), 'qualified', sum(s.qualified)) as counts
      from summed s
      group by s.kind, s.src, s.med, s.camp, s.ref, s.value
      -- A group with nobody (an empty period's total, or daily totals brought back to zero) is no row.
      having sum(s.leads) > 0
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
    with counted as (
      select count(*) as leads, count(*) filter (where offered) as offered, count(*) filter (where offered is not null) as offered_known,
        count(*) filter (where no_rule) as no_rule, count(*) filter (where booked) as booked,
        count(*) filter (where attended) as attended, count(*) filter (where qualified) as qualified
      from numbers_people(v_prev_from, v_from, v_pre, v_prev_daily)
      union all
      select sum(d.leads), sum(d.offered), sum(d.offered_known), sum(d.no_rule), sum(d.booked), sum(d.attended), sum(d.qualified)
      from numbers_daily d
      where v_prev_daily and d.kind = 'segmento' and d.day >= (v_prev_from at time zone v_tz)::date and d.day < (v_from at time zone v_tz)::date
    )
    select v_result || jsonb_build_object('previous', jsonb_build_object('leads', coalesce(sum(leads), 0),
      'offered', coalesce(sum(offered), 0), 'offeredKnown', coalesce(sum(offered_known), 0),
      'noRule', coalesce(sum(no_rule), 0), 'booked', coalesce(sum(booked), 0),
      'attended', coalesce(sum(attended), 0), 'qualified', coalesce(sum(qualified), 0)))
    from counted
    into v_result;
  end if;

  if v_parts ? 'consultants' then
    with m as (
      select m.id, m.preseller_id, m.status, m.ends_at,
        m.booked_at >= v_from and m.booked_at < v_to as booked_in,
        m.starts_at >= v_from and m.starts_at < v_to as starts_in, o.attendance, o.qualified
      from meetings m
      left join meeting_latest_outcomes o on o.meeting_id = m.id
      where ((m.booked_at >= v_from and m.booked_at < v_to) or (m.starts_at >= v_from and m.starts_at < v_to))
        and (v_pre is null or m.preseller_id = v_pre)
    ), counted as materialized (
      -- Materialized: inlined into the per-consultant subquery below it ran once per consultant.
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
      -- The lead's date joined, the planner choosing (random_page_cost 1.1, above): a probe per meeting for a
      -- month's 1,200, one hash of the leads' dates for a year's 10,000 or two years' 20,000 (probed one by
      -- one, 200 ms of a 731-day call's 340, EXPLAIN ANALYZE 2026-11-29).
      select m.id, m.status, m.cancelled_by,
        extract(epoch from m.booked_at - l.created_at) as to_book,
        extract(epoch from m.starts_at - m.booked_at) as to_meet
      from meetings m left join lead_person_ids l on l.lead_id = m.lead_id
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
$function$;
