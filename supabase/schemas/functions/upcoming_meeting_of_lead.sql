-- public.upcoming_meeting_of_lead(p_lead_id uuid, p_now timestamp with time zone)
CREATE OR REPLACE FUNCTION public.upcoming_meeting_of_lead(p_lead_id uuid, p_now timestamp with time zone)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select upcoming_meeting_id(l.email, coalesce(p_now, now())) from leads l where l.id = p_lead_id;
$function$;
revoke all on function public.upcoming_meeting_of_lead(p_lead_id uuid, p_now timestamp with time zone) from public;
grant execute on function public.upcoming_meeting_of_lead(p_lead_id uuid, p_now timestamp with time zone) to service_role;
