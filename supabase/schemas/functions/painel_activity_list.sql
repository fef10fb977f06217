-- public.painel_activity_list(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_activity_list(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('id', a.id::text, 'at', a.at, 'actor', a.actor, 'action', a.action, 'subject', a.subject)
    order by a.id desc), '[]'::jsonb)
  from (select * from painel_activity a
    where p->'after' is null or jsonb_typeof(p->'after') <> 'object' or a.id < (p->'after'->>'id')::bigint
    order by a.id desc limit (p->>'limit')::int) a;
$function$;
revoke all on function public.painel_activity_list(p jsonb) from public;
grant execute on function public.painel_activity_list(p jsonb) to service_role;
