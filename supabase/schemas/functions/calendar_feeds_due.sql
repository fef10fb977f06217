-- public.calendar_feeds_due(p_stale_before timestamp with time zone)
CREATE OR REPLACE FUNCTION public.calendar_feeds_due(p_stale_before timestamp with time zone)
 RETURNS TABLE(preseller_id uuid, url text)
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select f.preseller_id, f.url from calendar_feeds f join presellers p on p.id = f.preseller_id
  where p.active and (f.attempted_at is null or f.attempted_at < p_stale_before);
$function$;
revoke all on function public.calendar_feeds_due(p_stale_before timestamp with time zone) from public;
grant execute on function public.calendar_feeds_due(p_stale_before timestamp with time zone) to service_role;
