-- public.lead_followup_due(p jsonb)
CREATE OR REPLACE FUNCTION public.lead_followup_due(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('leadId', x.id, 'name', x.nome, 'email', x.email, 'service', x.servico)
    order by x.created_at, x.id), '[]'::jsonb)
  from (
    select l.id, l.created_at, l.nome, l.email, l.servico from leads l
    where l.created_at <= (p->>'now')::timestamptz - make_interval(secs => (p->>'delay_seconds')::int)
      and l.created_at > (p->>'now')::timestamptz - make_interval(secs => (p->>'max_age_seconds')::int)
      and lead_followup_eligible(l, (p->>'now')::timestamptz, make_interval(secs => (p->>'delay_seconds')::int),
        make_interval(secs => (p->>'max_age_seconds')::int))
    order by l.created_at, l.id
    limit (p->>'limit')::int
  ) x;
$function$;
revoke all on function public.lead_followup_due(p jsonb) from public;
grant execute on function public.lead_followup_due(p jsonb) to service_role;
