-- public.painel_log(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_log(p jsonb)
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'public'
AS $function$
  insert into painel_activity (at, actor, action, subject, ip_hash)
  values ((p->>'now')::timestamptz, p->>'actor', p->>'action', p->>'subject', p->>'ip_hash');
$function$;
revoke all on function public.painel_log(p jsonb) from public;
grant execute on function public.painel_log(p jsonb) to service_role;
