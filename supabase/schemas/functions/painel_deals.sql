-- public.painel_deals(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_deals(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  with target as (select pi.identity from lead_person_ids pi where pi.lead_id = (p->>'lead')::uuid),
  person as (select pi.lead_id from lead_person_ids pi join target t on t.identity = pi.identity)
  select jsonb_build_object('deals', coalesce((select jsonb_agg(jsonb_build_object(
      'id', d.id, 'leadId', d.lead_id, 'stage', d.stage, 'valueCents', d.value_cents, 'billing', d.billing, 'months', d.months,
      'totalCents', deal_total_cents(d.billing, d.value_cents, d.months), 'expectedCloseOn', d.expected_close_on,
      'lostReason', d.lost_reason, 'lostNote', d.lost_note, 'wonAt', d.won_at, 'lostAt', d.lost_at,
      'createdAt', d.created_at, 'updatedAt', d.updated_at,
      'createdBy', coalesce((select c.name from presellers c where lower(c.email) = lower(d.created_by) limit 1), d.created_by),
      'consultant', (select c.name from presellers c where c.id = d.preseller_id),
      'log', (select coalesce(jsonb_agg(jsonb_build_object('id', g.id::text, 'at', g.at,
          'who', coalesce((select c.name from presellers c where lower(c.email) = lower(g.actor) limit 1), g.actor),
          'fromStage', g.from_stage, 'toStage', g.to_stage,
          'from', case when g.from_stage is not null then jsonb_build_object('valueCents', g.from_value_cents, 'billing', g.from_billing, 'months', g.from_months) end,
          'to', jsonb_build_object('valueCents', g.to_value_cents, 'billing', g.to_billing, 'months', g.to_months),
          'lostReason', g.lost_reason) order by g.at, g.id), '[]'::jsonb)
        from deal_stage_log g where g.deal_id = d.id))
      order by d.created_at desc, d.id) from deals d where d.lead_id in (select lead_id from person)), '[]'::jsonb))
  from target
  where p->>'preseller' is null
    or exists (select 1 from meetings m where m.lead_id in (select lead_id from person) and m.preseller_id = (p->>'preseller')::uuid);
$function$;
revoke all on function public.painel_deals(p jsonb) from public;
grant execute on function public.painel_deals(p jsonb) to service_role;
