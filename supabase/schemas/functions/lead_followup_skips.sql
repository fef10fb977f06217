-- public.lead_followup_skips(p jsonb)
CREATE OR REPLACE FUNCTION public.lead_followup_skips(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  with bounds as (
    select ((p->>'month') || '-01')::date::timestamp at time zone coalesce(p->>'time_zone', 'America/Sao_Paulo') as from_at,
      (((p->>'month') || '-01')::date + interval '1 month')::timestamp at time zone coalesce(p->>'time_zone', 'America/Sao_Paulo') as to_at
  )
  select jsonb_build_object(
    'automated', count(*) filter (where s.reason = 'automated'),
    'sourceCap', count(*) filter (where s.reason = 'source_cap'),
    'hourlyCap', count(*) filter (where s.reason = 'hourly_cap'))
  from lead_followup_skips s, bounds b
  where s.at >= b.from_at and s.at < b.to_at
    and not exists (select 1 from lead_followups f where f.lead_id = s.lead_id);
$function$;
revoke all on function public.lead_followup_skips(p jsonb) from public;
grant execute on function public.lead_followup_skips(p jsonb) to service_role;
