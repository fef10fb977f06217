-- public.list_busy(p_from timestamp with time zone, p_to timestamp with time zone)
CREATE OR REPLACE FUNCTION public.list_busy(p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS TABLE(preseller_id uuid, starts_at timestamp with time zone, ends_at timestamp with time zone, kind text)
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select m.preseller_id, m.starts_at, m.ends_at, 'meeting' from meetings m
  where m.status = 'scheduled' and m.starts_at < p_to and m.ends_at > p_from
  union all
  select t.preseller_id, t.starts_at, t.ends_at, 'time_off' from preseller_time_off t
  where t.starts_at < p_to and t.ends_at > p_from
  union all
  select b.preseller_id, b.starts_at, b.ends_at, 'calendar' from calendar_busy b
  where b.starts_at < p_to and b.ends_at > p_from;
$function$;
revoke all on function public.list_busy(p_from timestamp with time zone, p_to timestamp with time zone) from public;
grant execute on function public.list_busy(p_from timestamp with time zone, p_to timestamp with time zone) to service_role;
