-- public.painel_lead_rules(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_lead_rules(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select coalesce(jsonb_agg(r.routing_rule order by r.n desc, r.routing_rule), '[]'::jsonb)
  from (select l.routing_rule, count(*) as n from leads l where l.routing_rule is not null group by l.routing_rule) r
  where p is not null;
$function$;
revoke all on function public.painel_lead_rules(p jsonb) from public;
grant execute on function public.painel_lead_rules(p jsonb) to service_role;
