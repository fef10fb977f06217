-- public.painel_deal_summaries(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_deal_summaries(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  with asked as (select distinct x::uuid as lead_id from jsonb_array_elements_text(coalesce(p->'leads', '[]'::jsonb)) x),
  visible as (select a.lead_id, pi.identity from asked a join lead_person_ids pi on pi.lead_id = a.lead_id
    where p->>'preseller' is null or exists (select 1 from meetings m join lead_person_ids q on q.lead_id = m.lead_id
      where q.identity = pi.identity and m.preseller_id = (p->>'preseller')::uuid))
  select coalesce(jsonb_object_agg(v.lead_id, jsonb_build_object('deals', s.deals, 'open', s.open, 'openCents', s.open_cents,
      'wonCents', s.won_cents, 'latestStage', s.latest_stage, 'latestWonAt', s.latest_won_at)), '{}'::jsonb)
  from visible v join person_deal_summaries(array(select distinct identity from visible)) s on s.identity = v.identity;
$function$;
revoke all on function public.painel_deal_summaries(p jsonb) from public;
grant execute on function public.painel_deal_summaries(p jsonb) to service_role;
