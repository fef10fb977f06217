-- public.routing_state(p jsonb)
CREATE OR REPLACE FUNCTION public.routing_state(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
declare
  v_settings routing_settings%rowtype;
  v_tz text := coalesce(p->>'time_zone', 'America/Sao_Paulo');
  v_now timestamptz := coalesce((p->>'now')::timestamptz, now());
  v_from timestamptz;
  v_to timestamptz;
  v_shares numeric;
  v_result jsonb;
begin
  -- force_generic_plan: the statements below were planned again at every call (custom plans, ~3 ms in
  -- PGlite, a quarter of the function), although the window's size is the same week or month each time.
  select * into v_settings from routing_settings limit 1;
  if v_settings.count_window = 'semana' then
    v_from := (p->>'week_from')::timestamptz; v_to := (p->>'week_to')::timestamptz;
  else
    v_from := (p->>'month_from')::timestamptz; v_to := (p->>'month_to')::timestamptz;
  end if;
  -- The team's shares (weight 100 = 1): credits are in meetings per share, times the consultant's own.
  select coalesce(sum(weight), 0) / 100.0 into v_shares from presellers where active;

  with team as (
    select id, weight, cap_day, cap_week, created_at from presellers where active
  ), counted as (
    select c.preseller_id, c.booked_at from routing_counted(v_from, v_to) c
  ), per_consultant as (
    select preseller_id, count(*) as n from counted group by preseller_id
  ), per_day as (
    select preseller_id, (booked_at at time zone v_tz)::date as day, count(*) as n from counted group by 1, 2
  ), days as (
    select d::date as day, (d::date::timestamp at time zone v_tz) as day_start,
      ((d::date + 1)::timestamp at time zone v_tz) as day_end
    from generate_series((v_from at time zone v_tz)::date, (least(v_now, v_to - interval '1 second') at time zone v_tz)::date, interval '1 day') d
  ), off_credit as (
    select t.id, sum(coalesce((select sum(x.n) from per_day x where x.day = d.day and x.preseller_id <> t.id), 0)::numeric
      / greatest(0.01, v_shares - t.weight / 100.0) * t.weight / 100.0) as credit
    from team t join days d on d.day_start >= t.created_at
    where exists (select 1 from preseller_time_off o where o.preseller_id = t.id
      and o.starts_at <= d.day_start and o.ends_at >= d.day_end)
    group by t.id
  ), newcomer_credit as (
    -- The meetings booked before the newcomer joined, per share of the consultants who were there to take
    -- them: deactivated ones too (they booked them). Counting only active ones divided by nobody (0.01) when
    -- the earlier colleague had left, a credit of 100 times the meetings: the newcomer was never offered.
    select t.id, (select count(*) from counted x where x.preseller_id <> t.id and x.booked_at < t.created_at)::numeric
      / greatest(0.01, (select sum(t2.weight) / 100.0 from presellers t2 where t2.created_at < t.created_at and t2.weight > 0)) * t.weight / 100.0 as credit
    from team t where t.created_at > v_from
  ), ceiling as (
    -- No credit above what the active colleagues really booked, per share (backdated meetings, joins and
    -- time off cannot make a consultant look busier than the team's average).
    select t.id, coalesce((select sum(coalesce(pc.n, 0)) from team t2 left join per_consultant pc on pc.preseller_id = t2.id
        where t2.id <> t.id and t2.weight > 0)::numeric
      / nullif((select sum(t2.weight) / 100.0 from team t2 where t2.id <> t.id and t2.weight > 0), 0), 0) * t.weight / 100.0 as credit
    from team t
  )
  select jsonb_build_object(
    'settings', jsonb_build_object('window', v_settings.count_window, 'equal_ahead', v_settings.equal_ahead),
    'window', jsonb_build_object('from', v_from, 'to', v_to),
    'consultants', coalesce((select jsonb_agg(jsonb_build_object(
        'id', t.id, 'weight', t.weight, 'cap_day', t.cap_day, 'cap_week', t.cap_week,
        'count', coalesce((select pc.n from per_consultant pc where pc.preseller_id = t.id), 0),
        'credit', round(least(coalesce((select c.credit from off_credit c where c.id = t.id), 0)
          + coalesce((select c.credit from newcomer_credit c where c.id = t.id), 0), (select c.credit from ceiling c where c.id = t.id)), 3),
        'last_assigned_at', (select m.booked_at from meetings m where m.preseller_id = t.id and m.status = 'scheduled'
          order by m.booked_at desc limit 1)
      ) order by t.id) from team t), '[]'::jsonb),
    'load', coalesce((select jsonb_agg(jsonb_build_object('id', l.preseller_id, 'date', l.day, 'n', l.n))
      from (select m.preseller_id, (m.starts_at at time zone v_tz)::date as day, count(*) as n from meetings m
        where m.status = 'scheduled' and m.starts_at >= (p->>'load_from')::timestamptz and m.starts_at < (p->>'load_to')::timestamptz
        group by 1, 2) l), '[]'::jsonb)
  ) into v_result;
  return v_result;
end
$function$;
revoke all on function public.routing_state(p jsonb) from public;
grant execute on function public.routing_state(p jsonb) to service_role;
