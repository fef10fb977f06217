-- public.outbox_is_integration(p_kind text)
CREATE OR REPLACE FUNCTION public.outbox_is_integration(p_kind text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'public'
AS $function$
  select p_kind in ('rd', 'webhook', 'meta', 'google', 'whatsapp');
$function$;
revoke all on function public.outbox_is_integration(p_kind text) from public;
