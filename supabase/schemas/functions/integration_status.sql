-- public.integration_status(p_sent_at timestamp with time zone, p_failed_at timestamp with time zone, p_attempts integer, p_paused boolean, p_max_attempts integer)
CREATE OR REPLACE FUNCTION public.integration_status(p_sent_at timestamp with time zone, p_failed_at timestamp with time zone, p_attempts integer, p_paused boolean, p_max_attempts integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select case
    when p_sent_at is not null then 'sent'
    when p_failed_at is not null or p_attempts >= p_max_attempts then 'failed'
    when p_paused then 'paused'
    when p_attempts > 0 then 'retrying'
    else 'pending' end;
$function$;
revoke all on function public.integration_status(p_sent_at timestamp with time zone, p_failed_at timestamp with time zone, p_attempts integer, p_paused boolean, p_max_attempts integer) from public;
