-- public.upcoming_meeting_id(p_email text, p_now timestamp with time zone)
CREATE OR REPLACE FUNCTION public.upcoming_meeting_id(p_email text, p_now timestamp with time zone)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select m.id from meetings m join leads l on l.id = m.lead_id
  where email_identity(l.email) = email_identity(p_email) and m.status = 'scheduled' and m.ends_at > p_now
  order by m.starts_at, m.id
  limit 1;
$function$;
revoke all on function public.upcoming_meeting_id(p_email text, p_now timestamp with time zone) from public;
grant execute on function public.upcoming_meeting_id(p_email text, p_now timestamp with time zone) to service_role;
