-- public.painel_lead_email(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_lead_email(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select to_jsonb(l.email) from leads l where l.id = (p->>'id')::uuid;
$function$;
revoke all on function public.painel_lead_email(p jsonb) from public;
grant execute on function public.painel_lead_email(p jsonb) to service_role;
