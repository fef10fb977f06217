-- public.routing_report(p jsonb)
CREATE OR REPLACE FUNCTION public.routing_report(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_tz text := coalesce(p->>'time_zone', 'America/Sao_Paulo');
  v_month date := ((p->>'month') || '-01')::date;
  v_from timestamptz := v_month::timestamp at time zone v_tz;
  v_to timestamptz := (v_month + interval '1 month')::timestamp at time zone v_tz;
  v_weights numeric;
  v_result jsonb;
begin
  select sum(weight) into v_weights from presellers where active;
  with counted as (
    select c.meeting_id from routing_counted(v_from, v_to) c
  ), booked as (
    select m.preseller_id, m.status,
      (select o.attendance from meeting_outcomes o where o.meeting_id = m.id order by o.recorded_at desc, o.id desc limit 1) as attendance,
      c.meeting_id is not null as counts
    from meetings m left join counted c on c.meeting_id = m.id where m.booked_at >= v_from and m.booked_at < v_to
  ), per as (
    select c.id, c.name, c.email, c.active, c.weight,
      count(b.preseller_id) as booked,
      count(*) filter (where b.status = 'scheduled' and b.attendance = 'attended') as held,
      count(*) filter (where b.status = 'scheduled' and b.attendance = 'lead_no_show') as no_shows,
      count(*) filter (where b.status = 'cancelled') as cancelled,
      count(*) filter (where b.counts) as counted
    from presellers c left join booked b on b.preseller_id = c.id
    group by c.id
    having c.active or count(b.preseller_id) > 0
  ), team as (select sum(counted) as counted from per)
  select jsonb_build_object('month', to_char(v_month, 'YYYY-MM'), 'from', v_from, 'to', v_to,
    'consultants', coalesce((select jsonb_agg(jsonb_build_object('id', per.id, 'name', per.name, 'email', per.email,
        'active', per.active, 'weight', per.weight, 'booked', per.booked, 'held', per.held, 'no_shows', per.no_shows,
        'cancelled', per.cancelled, 'counted', per.counted,
        'share', case when team.counted > 0 then round(per.counted / team.counted, 4) end,
        'target', case when per.active and v_weights > 0 then round(per.weight / v_weights, 4) end)
      order by per.active desc, per.name, per.email) from per, team), '[]'::jsonb),
    'leads', (select count(*) from leads l where l.created_at >= v_from and l.created_at < v_to),
    'leads_booked', (select count(*) from leads l where l.created_at >= v_from and l.created_at < v_to
      and exists (select 1 from meetings m where m.lead_id = l.id)))
  into v_result;
  return v_result;
end
$function$;
revoke all on function public.routing_report(p jsonb) from public;
grant execute on function public.routing_report(p jsonb) to service_role;
