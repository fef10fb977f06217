-- public.numbers_people(p_from timestamp with time zone, p_to timestamp with time zone, p_preseller uuid, p_multi_only boolean)
CREATE OR REPLACE FUNCTION public.numbers_people(p_from timestamp with time zone, p_to timestamp with time zone, p_preseller uuid, p_multi_only boolean DEFAULT false)
 RETURNS TABLE(identity text, created_at timestamp with time zone, f_source text, f_medium text, f_campaign text, f_referrer text, l_source text, l_medium text, l_campaign text, l_referrer text, segmento text, faturamento text, servico text, offered boolean, no_rule boolean, booked boolean, attended boolean, qualified boolean)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
 SET random_page_cost TO '1.1'
AS $function$
begin
  -- p_multi_only (the team's only): leave out the persons with one submission ever, whom the caller counts
  -- from numbers_daily. EXECUTE: planned for these dates each time (a generic plan guesses a period's rows).
  -- A person with one submission ever (prev_at and next_at null) is their row as it is; only the rows of
  -- people with several are grouped by person (two sorts and a grouping: for a consultant's year, 1,700
  -- rows of which a few dozen are such, 2026-11-29).
  return query execute format($q$
    with %1$s cr as materialized (%2$s), firsts as (
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
    %3$s
    select f.identity, f.created_at, f.f_source, f.f_medium, f.f_campaign, f.f_referrer,
      la.l_source, la.l_medium, la.l_campaign, la.l_referrer, la.segmento, la.faturamento, la.servico,
      s.offered, s.none and not s.booked, s.booked, s.attended, s.qualified
    from firsts f join lasts la on la.identity = f.identity join steps s on s.identity = f.identity
    $q$,
    case when p_preseller is null then '' else
      -- A consultant: their meetings of leads from the period (the lead's time is on its meeting), their
      -- steps per lead; the leads are then looked up one by one (the lateral's OFFSET 0 keeps it so: for two
      -- years' 3,300 the planner preferred hashing all 50,000 leads, 77 against ~10 ms, 2026-11-29).
      $o$own as materialized (
        select m.lead_id, bool_or(m.status = 'scheduled' and o.attendance = 'attended') is true as attended,
          bool_or(m.status = 'scheduled' and o.attendance = 'attended' and o.qualified) is true as qualified
        from meetings m left join meeting_latest_outcomes o on o.meeting_id = m.id
        where m.preseller_id = $3 and m.lead_created_at >= $1 and m.lead_created_at < $2 group by m.lead_id
      ), mine as materialized (
        select i.identity, i.lead_id, i.created_at, i.prev_at, i.next_at, i.f_source, i.f_medium, i.f_campaign, i.f_referrer,
          i.l_source, i.l_medium, i.l_campaign, i.l_referrer, i.segmento, i.faturamento, i.servico, i.routing_kind,
          own.attended, own.qualified
        from own cross join lateral (select i.* from lead_person_ids i where i.lead_id = own.lead_id offset 0) i
        where i.created_at >= $1 and i.created_at < $2
      ),$o$ end,
    case when p_preseller is null then
      -- The team: the rows that are not their person's only one in the period (prev or next inside it).
      $r$select i.identity, i.lead_id, i.created_at, i.f_source, i.f_medium, i.f_campaign, i.f_referrer, i.l_source,
        i.l_medium, i.l_campaign, i.l_referrer, i.segmento, i.faturamento, i.servico, i.routing_kind, i.booked, i.attended, i.qualified
      from lead_person_ids i where i.created_at >= $1 and i.created_at < $2 and (i.prev_at >= $1 or i.next_at < $2)$r$
    else
      -- A consultant: the rows of their meetings' leads, booked by them, of people with several submissions.
      $r$select i.identity, i.lead_id, i.created_at, i.f_source, i.f_medium, i.f_campaign, i.f_referrer, i.l_source,
        i.l_medium, i.l_campaign, i.l_referrer, i.segmento, i.faturamento, i.servico, i.routing_kind, true as booked,
        i.attended, i.qualified
      from mine i where i.prev_at is not null or i.next_at is not null$r$ end,
    case when p_preseller is null then
      -- The team's people with one row in the period (nearly all): that row, as it is.
      format($s$select i.identity, i.created_at, i.f_source, i.f_medium, i.f_campaign, i.f_referrer, i.l_source, i.l_medium, i.l_campaign,
        i.l_referrer, i.segmento, i.faturamento, i.servico, i.routing_kind in ('team', 'pool'),
        coalesce(i.routing_kind = 'none', false) and not i.booked, i.booked, i.attended, i.qualified
      from lead_person_ids i where i.created_at >= $1 and i.created_at < $2
        and (i.prev_at is null or i.prev_at < $1) and (i.next_at is null or i.next_at >= $2)%s
      union all$s$,
      -- Written into the query, so the planner can use lead_person_ids_multi_idx (a parameter would not match it).
      case when p_multi_only then ' and (i.prev_at is not null or i.next_at is not null)' else '' end)
    else
      -- A consultant's people with one submission ever: their row, booked (by them), their steps.
      $s$select i.identity, i.created_at, i.f_source, i.f_medium, i.f_campaign, i.f_referrer, i.l_source, i.l_medium, i.l_campaign,
        i.l_referrer, i.segmento, i.faturamento, i.servico, i.routing_kind in ('team', 'pool'), false, true, i.attended, i.qualified
      from mine i where i.prev_at is null and i.next_at is null
      union all$s$ end)
  using p_from, p_to, p_preseller;
end
$function$;
revoke all on function public.numbers_people(p_from timestamp with time zone, p_to timestamp with time zone, p_preseller uuid, p_multi_only boolean) from public;
grant execute on function public.numbers_people(p_from timestamp with time zone, p_to timestamp with time zone, p_preseller uuid, p_multi_only boolean) to service_role;
