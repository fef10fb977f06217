-- Each person's deals in one line, for the leads CSV (its deal columns are added with the CSV): how many,
-- how many still open and their total, the won total (deal_total_cents: monthly × months for mensal), the
-- stage of the deal changed last and the latest won date. p: leads (the rows' lead ids, any submission of
-- each person), preseller (a consultant's scope). Answers { "<lead id>": summary } for the leads that have
-- deals and that the viewer may see; a lead without deals is absent.
create function public.painel_deal_summaries(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  with asked as (select distinct x::uuid as lead_id from jsonb_array_elements_text(coalesce(p->'leads', '[]'::jsonb)) x),
  visible as (select a.lead_id, pi.identity from asked a join lead_person_ids pi on pi.lead_id = a.lead_id
    where p->>'preseller' is null or exists (select 1 from meetings m join lead_person_ids q on q.lead_id = m.lead_id
      where q.identity = pi.identity and m.preseller_id = (p->>'preseller')::uuid)),
  person_deals as (select v.lead_id as asked_id, d.id, d.stage, d.updated_at, d.won_at, deal_total_cents(d.billing, d.value_cents, d.months) as total
    from visible v join lead_person_ids q on q.identity = v.identity join deals d on d.lead_id = q.lead_id)
  select coalesce(jsonb_object_agg(s.asked_id, s.summary), '{}'::jsonb)
  from (select asked_id, jsonb_build_object(
      'deals', count(*),
      'open', count(*) filter (where stage in ('proposta_enviada', 'em_negociacao')),
      'openCents', coalesce(sum(total) filter (where stage in ('proposta_enviada', 'em_negociacao')), 0),
      'wonCents', coalesce(sum(total) filter (where stage = 'ganho'), 0),
      'latestStage', (array_agg(stage order by updated_at desc, id desc))[1],
      'latestWonAt', max(won_at)) as summary
    from person_deals group by asked_id) s;
$$;

revoke all on function public.painel_deal_summaries(jsonb) from public, anon, authenticated;
grant execute on function public.painel_deal_summaries(jsonb) to service_role;
