-- public.outbox_cap_exempt(p_kind text)
CREATE OR REPLACE FUNCTION public.outbox_cap_exempt(p_kind text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'public'
AS $function$
  select p_kind in ('lead-digest', 'painel-code', 'painel-pending-outcomes', 'integration-alert');
$function$;
