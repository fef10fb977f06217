-- public.painel_campaign_money(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_campaign_money(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
  -- "Qual campanha paga" for a period and the one before it (campaign_money_rows says what each figure
  -- counts), and each consultant's proposals, wins, losses and revenue in the period. p: from, to, prev_from
  -- (instants), from_day, to_day, prev_from_day, prev_to_day (the Brasília days, for the spend), touch,
  -- preseller (a consultant: their own).
  with cur as (
    select * from campaign_money_rows((p->>'from')::timestamptz, (p->>'to')::timestamptz, (p->>'from_day')::date,
      (p->>'to_day')::date, p->>'touch' = 'last', (p->>'preseller')::uuid)
  ), prev as (
    select * from campaign_money_rows((p->>'prev_from')::timestamptz, (p->>'from')::timestamptz, (p->>'prev_from_day')::date,
      (p->>'prev_to_day')::date, p->>'touch' = 'last', (p->>'preseller')::uuid)
  ), team as (
    select c.id, c.name, c.active,
      count(*) filter (where d.created_at >= (p->>'from')::timestamptz and d.created_at < (p->>'to')::timestamptz) as proposals,
      count(*) filter (where d.stage = 'ganho' and d.won_at >= (p->>'from')::timestamptz and d.won_at < (p->>'to')::timestamptz) as won,
      count(*) filter (where d.stage = 'perdido' and d.lost_at >= (p->>'from')::timestamptz and d.lost_at < (p->>'to')::timestamptz) as lost,
      coalesce(sum(deal_total_cents(d.billing, d.value_cents, d.months)) filter (where d.stage = 'ganho'
        and d.won_at >= (p->>'from')::timestamptz and d.won_at < (p->>'to')::timestamptz), 0)::bigint as revenue_cents
    from presellers c left join deals d on d.preseller_id = c.id
    where p->>'preseller' is null or c.id = (p->>'preseller')::uuid
    group by c.id, c.name, c.active
    having c.active or count(d.id) > 0
  )
  select jsonb_build_object(
    'campaigns', coalesce((select jsonb_agg(jsonb_build_object('campaign', c.campaign, 'leads', c.leads, 'booked', c.booked,
        'attended', c.attended, 'qualified', c.qualified, 'spendCents', c.spend_cents, 'proposals', c.proposals, 'won', c.won,
        'revenueCents', c.revenue_cents,
        'previous', (select jsonb_build_object('leads', x.leads, 'qualified', x.qualified, 'spendCents', x.spend_cents,
            'won', x.won, 'revenueCents', x.revenue_cents)
          from prev x where not x.unmapped and x.campaign is not distinct from c.campaign))
      order by c.campaign nulls last) from cur c where not c.unmapped), '[]'::jsonb),
    'unmappedSpendCents', (select c.spend_cents from cur c where c.unmapped),
    'previousUnmappedSpendCents', (select x.spend_cents from prev x where x.unmapped),
    'consultants', coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name, 'active', t.active,
        'proposals', t.proposals, 'won', t.won, 'lost', t.lost, 'revenueCents', t.revenue_cents)
      order by t.active desc, t.name, t.id) from team t), '[]'::jsonb));
$function$;
revoke all on function public.painel_campaign_money(p jsonb) from public;
grant execute on function public.painel_campaign_money(p jsonb) to service_role;
