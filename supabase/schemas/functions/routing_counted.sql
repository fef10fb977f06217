-- public.routing_counted(p_from timestamp with time zone, p_to timestamp with time zone)
CREATE OR REPLACE FUNCTION public.routing_counted(p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS TABLE(meeting_id uuid, preseller_id uuid, booked_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select m.id, m.preseller_id, m.booked_at from meetings m
  where m.booked_at >= p_from and m.booked_at < p_to and m.status = 'scheduled'
    and not exists (select 1 from meeting_latest_outcomes o where o.meeting_id = m.id and o.attendance = 'lead_no_show');
$function$;
revoke all on function public.routing_counted(p_from timestamp with time zone, p_to timestamp with time zone) from public;
grant execute on function public.routing_counted(p_from timestamp with time zone, p_to timestamp with time zone) to service_role;
