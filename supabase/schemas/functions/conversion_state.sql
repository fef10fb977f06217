-- public.conversion_state(p_sent_at timestamp with time zone, p_failed_at timestamp with time zone, p_skipped_reason text)
CREATE OR REPLACE FUNCTION public.conversion_state(p_sent_at timestamp with time zone, p_failed_at timestamp with time zone, p_skipped_reason text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'public'
AS $function$
  -- A conversion's state (src/domain/conversions.ts words it): sent, refused for good (the sender marks a
  -- row refused once its attempts are spent, too), skipped, else still to go.
  select case when p_sent_at is not null then 'enviado' when p_skipped_reason is not null then 'pulado'
    when p_failed_at is not null then 'recusado' else 'pendente' end;
$function$;
revoke all on function public.conversion_state(p_sent_at timestamp with time zone, p_failed_at timestamp with time zone, p_skipped_reason text) from public;
