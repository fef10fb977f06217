-- public.painel_numbers(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_numbers(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
 SET plan_cache_mode TO 'force_custom_plan'
 SET work_mem TO '32MB'
 SET random_page_cost TO '1.1'
AS $function$
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
  -- Whole Brasília days: the per-day totals answer (numbers_daily the team's people, consultant_daily
  -- everyone's meetings); any other period is counted row by row.
  v_days boolean := v_tz = numbers_daily_zone()
    and (v_from at time zone v_tz)::time = '00:00' and (v_to at time zone v_tz)::time = '00:00';
  v_daily boolean := v_pre is null and v_days;
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
    ), daily as not materialized (
      -- Each single-submission person has exactly one row of each kind: the segmento rows count everyone once.
      select d.* from numbers_daily d
      where v_daily and d.day >= (v_from at time zone v_tz)::date and d.day < (v_to at time zone v_tz)::date
    ), summed as (
      select * from counted
      -- Each table from its own kind's rows, each row grouped once: the whole period and the weeks from the
      -- segmento rows, the origins from the chosen touch's, each answer from its own (one grouping-sets pass
      -- over every kind grouped each row four ways: 20 of a 731-day call's 40 ms, 2026-11-29).
      union all
      select 'all', null, null, null, null, null, sum(d.leads), sum(d.offered), sum(d.offered_known), sum(d.no_rule),
        sum(d.booked), sum(d.attended), sum(d.qualified)
      from daily d where d.kind = 'segmento'
      union all
      select 'week', null, null, null, null, (d.day - (d.day - date '2000-01-03') % 7)::text, sum(d.leads), sum(d.offered),
        sum(d.offered_known), sum(d.no_rule), sum(d.booked), sum(d.attended), sum(d.qualified)
      from daily d where d.kind = 'segmento' group by d.day - (d.day - date '2000-01-03') % 7
      union all
      select 'origin', d.source, d.medium, d.campaign, d.referrer, null, sum(d.leads), sum(d.offered), sum(d.offered_known),
        sum(d.no_rule), sum(d.booked), sum(d.attended), sum(d.qualified)
      from daily d where d.kind = case when v_last then 'last' else 'first' end
      group by d.source, d.medium, d.campaign, d.referrer
      union all
      select d.kind, null, null, null, null, d.value, sum(d.leads), sum(d.offered), sum(d.offered_known), sum(d.no_rule),
        sum(d.booked), sum(d.attended), sum(d.qualified)
      from daily d where d.kind in ('segmento', 'faturamento', 'servico') group by d.kind, d.value
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
      where not v_days and ((m.booked_at >= v_from and m.booked_at < v_to) or (m.starts_at >= v_from and m.starts_at < v_to))
        and (v_pre is null or m.preseller_id = v_pre)
    ), rows as (
      -- A period that is not whole Brasília days: counted from the meetings themselves.
      select m.preseller_id, count(*) as meetings,
        count(*) filter (where m.booked_in) as booked,
        count(*) filter (where m.booked_in and m.status = 'cancelled') as cancelled,
        count(*) filter (where m.starts_in and m.status = 'scheduled') as scheduled,
        count(*) filter (where m.starts_in and m.status = 'scheduled' and m.attendance = 'attended') as held,
        count(*) filter (where m.starts_in and m.status = 'scheduled' and m.attendance = 'lead_no_show') as no_shows,
        count(*) filter (where m.starts_in and m.status = 'scheduled' and m.attendance = 'consultant_no_show') as consultant_no_shows,
        count(*) filter (where m.starts_in and m.status = 'scheduled' and m.attendance = 'attended' and m.qualified) as qualified,
        count(*) filter (where m.starts_in and m.status = 'scheduled' and m.attendance is null and m.ends_at <= v_now) as pending,
        -- What the fair share counts (routing_counted's meetings of the period).
        count(*) filter (where m.booked_in and meeting_counts_for_share(m.status, m.attendance)) as counted
      from m group by m.preseller_id
    ), days as (
      -- Whole days: consultant_daily's rows (a day and a consultant each; counting 20,000 meetings one by one
      -- was 30-45 of a 731-day call's ~100 ms, 2026-11-29). Pending is "open" (no outcome yet) less the open
      -- meetings that have not ended by now.
      select d.preseller_id, sum(d.booked + d.starting) as meetings, sum(d.booked) as booked, sum(d.cancelled) as cancelled,
        sum(d.scheduled) as scheduled, sum(d.held) as held, sum(d.no_shows) as no_shows,
        sum(d.consultant_no_shows) as consultant_no_shows, sum(d.qualified) as qualified, sum(d.open) as pending,
        sum(d.counted) as counted
      from consultant_daily d
      where v_days and d.day >= (v_from at time zone v_tz)::date and d.day < (v_to at time zone v_tz)::date
        and (v_pre is null or d.preseller_id = v_pre)
      group by d.preseller_id
      union all
      select m.preseller_id, 0, 0, 0, 0, 0, 0, 0, 0, -count(*), 0
      from meetings m
      where v_days and m.status = 'scheduled' and m.ends_at > v_now and m.starts_at >= v_from and m.starts_at < v_to
        and (v_pre is null or m.preseller_id = v_pre)
        and not exists (select 1 from meeting_latest_outcomes o where o.meeting_id = m.id)
      group by m.preseller_id
    ), agg as (
      select a.preseller_id, sum(a.meetings) as meetings, sum(a.booked) as booked, sum(a.cancelled) as cancelled,
        sum(a.scheduled) as scheduled, sum(a.held) as held, sum(a.no_shows) as no_shows,
        sum(a.consultant_no_shows) as consultant_no_shows, sum(a.qualified) as qualified, sum(a.pending) as pending,
        sum(a.counted) as counted
      from (select * from rows union all select * from days) a
      group by a.preseller_id
    ), per as (
      select t.id, t.name, t.active, t.weight, coalesce(a.booked, 0) as booked, coalesce(a.cancelled, 0) as cancelled,
        coalesce(a.scheduled, 0) as scheduled, coalesce(a.held, 0) as held, coalesce(a.no_shows, 0) as no_shows,
        coalesce(a.consultant_no_shows, 0) as consultant_no_shows, coalesce(a.qualified, 0) as qualified,
        coalesce(a.pending, 0) as pending, coalesce(a.counted, 0) as counted
      from presellers t left join agg a on a.preseller_id = t.id
      where (v_pre is null or t.id = v_pre) and (t.active or a.meetings > 0)
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
    with b as not materialized (
      -- The lead's date is on the meeting (a join of the leads' dates was 37 of a 731-day call's 60 ms);
      -- date_part: seconds as float8 (extract's numeric sorted 3x slower, 2026-11-29). Not materialized:
      -- the rescheduled ones are found from their few events, each meeting looked up (a copy of a period's
      -- 20,000 meetings for them cost more than the figures themselves).
      select m.id, m.status, m.cancelled_by,
        date_part('epoch', m.booked_at - m.lead_created_at) as to_book,
        date_part('epoch', m.starts_at - m.booked_at) as to_meet
      from meetings m
      where m.booked_at >= v_from and m.booked_at < v_to and (v_pre is null or m.preseller_id = v_pre)
    ), moved as (
      select distinct e.meeting_id from meeting_events e join b on b.id = e.meeting_id where e.kind = 'rescheduled'
    ), moved_by_team as (
      select distinct b.id from b join painel_activity a on a.action = 'meeting_rescheduled' and a.subject = b.id::text
    )
    select v_result || jsonb_build_object('time', jsonb_build_object('booked', t.booked,
      'leadToBooking', jsonb_build_object('median', round(t.to_book[1]), 'p90', round(t.to_book[2])),
      'bookingToMeeting', jsonb_build_object('median', round(t.to_meet[1]), 'p90', round(t.to_meet[2])),
      'cancelledByLead', t.by_lead, 'cancelledByTeam', t.by_team,
      'rescheduled', (select count(*) from moved),
      'rescheduledByTeam', (select count(*) from moved_by_team)))
    from (
      select count(*) as booked,
        percentile_cont(array[0.5, 0.9]) within group (order by b.to_book) as to_book,
        percentile_cont(array[0.5, 0.9]) within group (order by b.to_meet) as to_meet,
        count(*) filter (where b.status = 'cancelled' and b.cancelled_by = 'lead') as by_lead,
        count(*) filter (where b.status = 'cancelled' and b.cancelled_by is distinct from 'lead') as by_team
      from b
    ) t
    into v_result;
  end if;

  return v_result;
end
$function$;
revoke all on function public.painel_numbers(p jsonb) from public;
grant execute on function public.painel_numbers(p jsonb) to service_role;
