-- public.numbers_daily_add(p_rows lead_person_ids[], p_sign integer)
CREATE OR REPLACE FUNCTION public.numbers_daily_add(p_rows lead_person_ids[], p_sign integer)
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'public'
AS $function$
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
$function$;
revoke all on function public.numbers_daily_add(p_rows lead_person_ids[], p_sign integer) from public;
grant execute on function public.numbers_daily_add(p_rows lead_person_ids[], p_sign integer) to service_role;
