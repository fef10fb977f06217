-- public.consultant_daily_refresh(p_presellers uuid[], p_booked timestamp with time zone[], p_starts timestamp with time zone[])
CREATE OR REPLACE FUNCTION public.consultant_daily_refresh(p_presellers uuid[], p_booked timestamp with time zone[], p_starts timestamp with time zone[])
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'public'
AS $function$
  -- Counts again, from the meetings as they are now, the consultant_daily rows of the meetings given (each
  -- meeting's consultant, booking time and start, before or after a change): its booking's Brasília day and
  -- its start's. Counted afresh, not added to: the writers' order (a meeting's delete, its outcomes' cascade)
  -- cannot leave a row wrong. numbers_daily's lock: the count reads what committed before it, and both
  -- tables are written at the end of the same statements (no new lock order).
  select pg_advisory_xact_lock(20261201, 1);
  delete from consultant_daily d
  using unnest(p_presellers, p_booked, p_starts) u(preseller_id, booked_at, starts_at)
  where d.preseller_id = u.preseller_id
    and d.day in ((u.booked_at at time zone numbers_daily_zone())::date, (u.starts_at at time zone numbers_daily_zone())::date);
  with keys as (
    select distinct k.day, u.preseller_id
    from unnest(p_presellers, p_booked, p_starts) u(preseller_id, booked_at, starts_at)
    cross join lateral (values ((u.booked_at at time zone numbers_daily_zone())::date), ((u.starts_at at time zone numbers_daily_zone())::date)) k(day)
    where u.preseller_id is not null
  )
  insert into consultant_daily (day, preseller_id, booked, cancelled, counted, starting, scheduled, held, no_shows, consultant_no_shows, qualified, open)
  select k.day, k.preseller_id, b.booked, b.cancelled, b.counted, s.starting, s.scheduled, s.held, s.no_shows, s.consultant_no_shows, s.qualified, s.open
  from keys k
  cross join lateral (select k.day::timestamp at time zone numbers_daily_zone() as t0, (k.day + 1)::timestamp at time zone numbers_daily_zone() as t1) z
  cross join lateral (
    select count(*) as booked, count(*) filter (where m.status = 'cancelled') as cancelled,
      count(*) filter (where meeting_counts_for_share(m.status, o.attendance)) as counted
    from meetings m left join meeting_latest_outcomes o on o.meeting_id = m.id
    where m.preseller_id = k.preseller_id and m.booked_at >= z.t0 and m.booked_at < z.t1
  ) b
  cross join lateral (
    select count(*) as starting, count(*) filter (where m.status = 'scheduled') as scheduled,
      count(*) filter (where m.status = 'scheduled' and o.attendance = 'attended') as held,
      count(*) filter (where m.status = 'scheduled' and o.attendance = 'lead_no_show') as no_shows,
      count(*) filter (where m.status = 'scheduled' and o.attendance = 'consultant_no_show') as consultant_no_shows,
      count(*) filter (where m.status = 'scheduled' and o.attendance = 'attended' and o.qualified) as qualified,
      count(*) filter (where m.status = 'scheduled' and o.meeting_id is null) as open
    from meetings m left join meeting_latest_outcomes o on o.meeting_id = m.id
    where m.preseller_id = k.preseller_id and m.starts_at >= z.t0 and m.starts_at < z.t1
  ) s
  where b.booked > 0 or s.starting > 0;
$function$;
revoke all on function public.consultant_daily_refresh(p_presellers uuid[], p_booked timestamp with time zone[], p_starts timestamp with time zone[]) from public;
