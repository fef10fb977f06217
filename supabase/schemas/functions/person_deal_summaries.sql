-- public.person_deal_summaries(p_identities text[])
CREATE OR REPLACE FUNCTION public.person_deal_summaries(p_identities text[])
 RETURNS TABLE(identity text, deals bigint, open bigint, open_cents numeric, won_cents numeric, latest_stage text, latest_won_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  -- Null: every person with a deal (the leads CSV reads them once for all its pages, painel_export_deals).
  -- A few persons (a filtered export): each found by its identity. Many (a CSV page of thousands): every deal
  -- read once and kept when its person is asked; probing 10,000 identities one by one took 75 ms against
  -- 29 ms (PostgreSQL 15, 50,000 leads, 3,000 deals, 2026-11-29). Only one branch runs (cardinality).
  -- There, each deal's total is worked out once its person is known to be asked: deal_total_cents is not
  -- inlined (its SET search_path) and costs ~5 µs a call, 15 ms for all 3,019 deals against ~550 in a page
  -- of 10,000 persons, for each of the five pages (PostgreSQL 15, 2026-11-29).
  with person_deals as (
    select q.identity, d.id, d.stage, d.updated_at, d.won_at, deal_total_cents(d.billing, d.value_cents, d.months) as total
    from deals d join lead_person_ids q on q.lead_id = d.lead_id
    where cardinality(p_identities) <= 100 and q.identity = any (p_identities)
    union all
    select pd.identity, pd.id, pd.stage, pd.updated_at, pd.won_at, deal_total_cents(pd.billing, pd.value_cents, pd.months)
    from (select q.identity, d.id, d.stage, d.updated_at, d.won_at, d.billing, d.value_cents, d.months
      from deals d join lead_person_ids q on q.lead_id = d.lead_id where p_identities is null or cardinality(p_identities) > 100 offset 0) pd
    where p_identities is null or pd.identity in (select unnest(p_identities)))
  select identity, count(*), count(*) filter (where stage in ('proposta_enviada', 'em_negociacao')),
    coalesce(sum(total) filter (where stage in ('proposta_enviada', 'em_negociacao')), 0),
    coalesce(sum(total) filter (where stage = 'ganho'), 0),
    (array_agg(stage order by updated_at desc, id desc))[1], max(won_at)
  from person_deals group by identity;
$function$;
revoke all on function public.person_deal_summaries(p_identities text[]) from public;
grant execute on function public.person_deal_summaries(p_identities text[]) to service_role;
