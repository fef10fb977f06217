-- public.list_working_hours()
CREATE OR REPLACE FUNCTION public.list_working_hours()
 RETURNS TABLE(preseller_id uuid, weekday integer, starts_at text, ends_at text)
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select h.preseller_id, h.weekday::integer, to_char(h.starts_at, 'HH24:MI'), to_char(h.ends_at, 'HH24:MI')
  from preseller_hours h join presellers p on p.id = h.preseller_id
  where p.active
  order by h.preseller_id, h.weekday, h.starts_at;
$function$;
revoke all on function public.list_working_hours() from public;
grant execute on function public.list_working_hours() to service_role;
