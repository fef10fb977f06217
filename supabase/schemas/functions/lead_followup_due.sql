-- public.lead_followup_due(p jsonb)
CREATE OR REPLACE FUNCTION public.lead_followup_due(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('leadId', x.id, 'name', x.nome, 'email', x.email, 'service', x.servico)
    order by x.rank, x.created_at, x.id), '[]'::jsonb)
  from (
    select l.id, l.created_at, l.nome, l.email, l.servico,
      case s.tier when 'known' then 0 when 'plausible' then 1 when 'other' then 3 else 2 end as rank
    from leads l left join lead_followup_skips s on s.lead_id = l.id
    where l.created_at <= (p->>'now')::timestamptz - make_interval(secs => (p->>'delay_seconds')::int)
      and l.created_at > (p->>'now')::timestamptz - make_interval(secs => (p->>'max_age_seconds')::int)
      and (s.tier is null or not s.tier = any(array(select jsonb_array_elements_text(coalesce(p->'skip_tiers', '[]'::jsonb)))))
      and lead_followup_eligible(l, (p->>'now')::timestamptz, make_interval(secs => (p->>'delay_seconds')::int),
        make_interval(secs => (p->>'max_age_seconds')::int))
    order by rank, l.created_at, l.id
    limit (p->>'limit')::int
  ) x;
$function$;
revoke all on function public.lead_followup_due(p jsonb) from public;
grant execute on function public.lead_followup_due(p jsonb) to service_role;
