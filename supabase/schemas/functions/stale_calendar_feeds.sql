-- public.stale_calendar_feeds(p_before timestamp with time zone)
CREATE OR REPLACE FUNCTION public.stale_calendar_feeds(p_before timestamp with time zone)
 RETURNS TABLE(preseller_id uuid, since timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select f.preseller_id, coalesce(f.synced_at, f.connected_at) from calendar_feeds f
  join presellers p on p.id = f.preseller_id
  where p.active and coalesce(f.synced_at, f.connected_at) < p_before;
$function$;
revoke all on function public.stale_calendar_feeds(p_before timestamp with time zone) from public;
grant execute on function public.stale_calendar_feeds(p_before timestamp with time zone) to service_role;
