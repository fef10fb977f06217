-- public.preseller_over_cap(p_preseller_id uuid, p_starts_at timestamp with time zone, p_tz text, p_except uuid)
CREATE OR REPLACE FUNCTION public.preseller_over_cap(p_preseller_id uuid, p_starts_at timestamp with time zone, p_tz text, p_except uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  with c as (select cap_day, cap_week from presellers where id = p_preseller_id),
  d as (select (p_starts_at at time zone p_tz)::date as day),
  mine as (
    select (m.starts_at at time zone p_tz)::date as day from meetings m, d
    where m.preseller_id = p_preseller_id and m.status = 'scheduled' and m.id is distinct from p_except
      and m.starts_at >= ((date_trunc('week', d.day::timestamp)) at time zone p_tz) - interval '1 day'
      and m.starts_at < ((date_trunc('week', d.day::timestamp) + interval '7 days') at time zone p_tz) + interval '1 day'
  )
  select coalesce((select c.cap_day is not null and (select count(*) from mine, d where mine.day = d.day) >= c.cap_day
      or c.cap_week is not null and (select count(*) from mine, d
        where date_trunc('week', mine.day::timestamp) = date_trunc('week', d.day::timestamp)) >= c.cap_week
    from c), false);
$function$;
revoke all on function public.preseller_over_cap(p_preseller_id uuid, p_starts_at timestamp with time zone, p_tz text, p_except uuid) from public;
grant execute on function public.preseller_over_cap(p_preseller_id uuid, p_starts_at timestamp with time zone, p_tz text, p_except uuid) to service_role;
