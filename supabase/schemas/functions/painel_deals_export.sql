-- public.painel_deals_export(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_deals_export(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
  -- Every negociação in the viewer's scope for the deals CSV, newest first: the mentor all; a consultant
  -- those of a person with a meeting of theirs (painel_deals' rule). With the lead's name and company, the
  -- owning consultant, the total (deal_total_cents) and both touches' campaigns of the submission it was
  -- recorded on (what Qual campanha paga counts it for).
  select coalesce(jsonb_agg(jsonb_build_object('id', d.id, 'leadId', d.lead_id, 'name', l.nome, 'company', l.empresa,
      'consultant', c.name, 'stage', d.stage, 'billing', d.billing, 'valueCents', d.value_cents, 'months', d.months,
      'totalCents', deal_total_cents(d.billing, d.value_cents, d.months), 'expectedCloseOn', d.expected_close_on,
      'lostReason', d.lost_reason, 'lostNote', d.lost_note, 'createdAt', d.created_at, 'wonAt', d.won_at, 'lostAt', d.lost_at,
      'firstCampaign', i.f_campaign, 'lastCampaign', i.l_campaign)
    order by d.created_at desc, d.id), '[]'::jsonb)
  from deals d
  join leads l on l.id = d.lead_id
  join lead_person_ids i on i.lead_id = d.lead_id
  left join presellers c on c.id = d.preseller_id
  where p->>'preseller' is null or exists (select 1 from lead_person_ids pi join meetings m on m.lead_id = pi.lead_id
    where pi.identity = i.identity and m.preseller_id = (p->>'preseller')::uuid);
$function$;
revoke all on function public.painel_deals_export(p jsonb) from public;
grant execute on function public.painel_deals_export(p jsonb) to service_role;
