-- public.routing_why(p jsonb)
CREATE OR REPLACE FUNCTION public.routing_why(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select jsonb_build_object('id', m.id, 'startsAt', m.starts_at, 'status', m.status,
    'consultant', jsonb_build_object('id', c.id, 'name', c.name),
    'routing', m.routing, 'names', routing_why_names(m.routing))
  from meetings m join presellers c on c.id = m.preseller_id
  where m.id = (p->>'id')::uuid and (p->>'preseller' is null or m.preseller_id = (p->>'preseller')::uuid);
$function$;
revoke all on function public.routing_why(p jsonb) from public;
grant execute on function public.routing_why(p jsonb) to service_role;
