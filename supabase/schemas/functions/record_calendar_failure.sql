-- public.record_calendar_failure(p_preseller_id uuid, p_url text, p_code text, p_at timestamp with time zone)
CREATE OR REPLACE FUNCTION public.record_calendar_failure(p_preseller_id uuid, p_url text, p_code text, p_at timestamp with time zone)
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'public'
AS $function$
  update calendar_feeds set status = 'error', error_code = p_code, attempted_at = p_at
  where preseller_id = p_preseller_id and url = p_url;
$function$;
revoke all on function public.record_calendar_failure(p_preseller_id uuid, p_url text, p_code text, p_at timestamp with time zone) from public;
grant execute on function public.record_calendar_failure(p_preseller_id uuid, p_url text, p_code text, p_at timestamp with time zone) to service_role;
