-- public.painel_recent_actions(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_recent_actions(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select to_jsonb(count(*)::int) from painel_activity a
  where a.actor = p->>'actor' and a.action = p->>'action' and a.at > (p->>'since')::timestamptz;
$function$;
revoke all on function public.painel_recent_actions(p jsonb) from public;
grant execute on function public.painel_recent_actions(p jsonb) to service_role;
