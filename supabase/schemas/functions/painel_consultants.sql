-- public.painel_consultants(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_consultants(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'active', c.active) order by c.active desc, c.name), '[]'::jsonb)
  from presellers c where p->>'preseller' is null or c.id = (p->>'preseller')::uuid;
$function$;
revoke all on function public.painel_consultants(p jsonb) from public;
grant execute on function public.painel_consultants(p jsonb) to service_role;
