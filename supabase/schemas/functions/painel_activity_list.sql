-- public.painel_activity_list(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_activity_list(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('id', a.id::text, 'at', a.at, 'actor', a.actor, 'action', a.action, 'subject', a.subject)
      || case when a.action = 'deal' then jsonb_build_object('deal', (select jsonb_build_object('leadId', d.lead_id,
          'fromStage', g.from_stage, 'toStage', g.to_stage,
          'from', case when g.from_stage is not null then jsonb_build_object('valueCents', g.from_value_cents, 'billing', g.from_billing, 'months', g.from_months) end,
          'to', jsonb_build_object('valueCents', g.to_value_cents, 'billing', g.to_billing, 'months', g.to_months))
        from deal_stage_log g join deals d on d.id = g.deal_id
        where a.subject ~ '^[0-9]{1,18}$' and g.id = a.subject::bigint)) else '{}'::jsonb end
    order by a.id desc), '[]'::jsonb)
  from (select * from painel_activity a
    where p->'after' is null or jsonb_typeof(p->'after') <> 'object' or a.id < (p->'after'->>'id')::bigint
    order by a.id desc limit (p->>'limit')::int) a;
$function$;
revoke all on function public.painel_activity_list(p jsonb) from public;
grant execute on function public.painel_activity_list(p jsonb) to service_role;
