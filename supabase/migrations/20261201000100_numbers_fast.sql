-- Números on a real year (issue 34, item 4), part 2: the same figures as 20261130020000_numbers.sql read
-- from the facts the writers keep (20261201000000_numbers_facts.sql). What each figure counts is unchanged
-- (see that file's comments); only where it is read from.

-- The fairness count reads the meeting's latest outcome as stored (a no-show as the latest outcome does
-- not count): one probe per meeting instead of a NOT EXISTS inside a NOT EXISTS over every outcome.
create or replace function public.routing_counted(p_from timestamptz, p_to timestamptz)
returns table (meeting_id uuid, preseller_id uuid, booked_at timestamptz)
language sql stable
set search_path = public
as $$
  select m.id, m.preseller_id, m.booked_at from meetings m
  where m.booked_at >= p_from and m.booked_at < p_to and m.status = 'scheduled'
    and not exists (select 1 from meeting_latest_outcomes o where o.meeting_id = m.id and o.attendance = 'lead_no_show');
$$;

-- 1. The people of a period, as before (one row per e-mail identity with a lead row created in
--    [p_from, p_to); for a consultant only rows with a meeting of theirs, and only their meetings count).
--    The team's: a person's earliest row of the period is the one whose previous submission is before
--    it (prev_at < p_from), the latest the one whose next is after it; a person with one row in the
--    period (nearly all) is that row, and only the few with more are grouped. A consultant's people are
--    few (their meetings'): grouped as they are.
drop function public.numbers_people(timestamptz, timestamptz, uuid);
create function public.numbers_people(p_from timestamptz, p_to timestamptz, p_preseller uuid)
returns table (identity text, created_at timestamptz,
  f_source text, f_medium text, f_campaign text, f_referrer text, l_source text, l_medium text, l_campaign text, l_referrer text,
  segmento text, faturamento text, servico text, offered boolean, no_rule boolean, booked boolean, attended boolean, qualified boolean)
language plpgsql stable
set search_path = public
set jit = off
as $$
begin
  -- EXECUTE: planned for these dates each time (a generic plan guesses a period's rows). $4: the rows
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
      $s$select i.identity, i.created_at, i.f_source, i.f_medium, i.f_campaign, i.f_referrer, i.l_source, i.l_medium, i.l_campaign,
        i.l_referrer, i.segmento, i.faturamento, i.servico, i.routing_kind in ('team', 'pool'),
        coalesce(i.routing_kind = 'none', false) and not i.booked, i.booked, i.attended, i.qualified
      from lead_person_ids i where i.created_at >= $1 and i.created_at < $2
        and (i.prev_at is null or i.prev_at < $1) and (i.next_at is null or i.next_at >= $2)
      union all$s$ else '' end)
  using p_from, p_to, p_preseller;
end
$$;

-- 2. painel_numbers as in 20261130020000_numbers.sql, grouping the stored utm fields (not jsonb per row),
--    reading each meeting's latest outcome from meeting_latest_outcomes, the fairness count once (not once
--    per consultant), and the lead's date from its narrow lead_person_ids row (not the wide leads).
create or replace function public.painel_numbers(p jsonb)
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
      select n.*, case when v_last then n.l_source else n.f_source end as src, case when v_last then n.l_medium else n.f_medium end as med,
        case when v_last then n.l_campaign else n.f_campaign end as camp, case when v_last then n.l_referrer else n.f_referrer end as ref
      from numbers_people(v_from, v_to, v_pre) n
    ), sets as (
      select
        case when grouping(src, med, camp, ref) = 0 then 'origin'
          when grouping(segmento) = 0 then 'segmento' when grouping(faturamento) = 0 then 'faturamento'
          when grouping(servico) = 0 then 'servico'
          when grouping((date_trunc('week', created_at at time zone v_tz))::date) = 0 then 'week' else 'all' end as kind,
        jsonb_build_object('source', src, 'medium', med, 'campaign', camp, 'referrer', ref) as origin,
        coalesce(segmento, faturamento, servico, (date_trunc('week', created_at at time zone v_tz))::date::text) as value,
        jsonb_build_object('leads', count(*), 'offered', count(*) filter (where offered),
          'offeredKnown', count(*) filter (where offered is not null), 'noRule', count(*) filter (where no_rule),
          'booked', count(*) filter (where booked), 'attended', count(*) filter (where attended),
          'qualified', count(*) filter (where qualified)) as counts
      from people
      group by grouping sets ((), (src, med, camp, ref),
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
      -- The lead's date by its key, one probe per meeting: a join read all 50,000 rows for a month's 1,200.
      select m.id, m.status, m.cancelled_by,
        extract(epoch from m.booked_at - (select l.created_at from lead_person_ids l where l.lead_id = m.lead_id)) as to_book,
        extract(epoch from m.starts_at - m.booked_at) as to_meet
      from meetings m
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
grant execute on function public.numbers_people(timestamptz, timestamptz, uuid) to service_role;
