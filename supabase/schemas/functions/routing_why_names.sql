-- public.routing_why_names(p_routing jsonb)
CREATE OR REPLACE FUNCTION public.routing_why_names(p_routing jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select coalesce(jsonb_object_agg(c.id, c.name), '{}'::jsonb) from presellers c
  where p_routing is not null and c.id::text in (
    select x->>'id' from jsonb_array_elements(coalesce(p_routing->'input'->'candidates', '[]'::jsonb)) x
    union select p_routing->'decision'->>'chosen'
    union select x->>'id' from jsonb_array_elements(coalesce(p_routing->'input'->'preferred', '[]'::jsonb)) x);
$function$;
revoke all on function public.routing_why_names(p_routing jsonb) from public;
grant execute on function public.routing_why_names(p_routing jsonb) to service_role;
