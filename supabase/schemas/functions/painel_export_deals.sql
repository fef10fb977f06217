-- public.painel_export_deals(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_export_deals(p jsonb)
 RETURNS json
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  -- Every person's deals in one line (person_deal_summaries), as positional arrays led by the person's
  -- identity: the leads CSV reads them once and puts them on each of its pages' rows (store.ts,
  -- exportDeals). Per page, the same summaries cost a pass over every deal and every lead's person and a
  -- sort of the page's 10,000 rows to merge them (~65 of a page's ~300 ms, EXPLAIN ANALYZE, PostgreSQL 15,
  -- 50,000 leads, 2026-11-29); once, ~40 ms. p: unused (the Store's call takes one argument).
  select coalesce(json_agg(json_build_array(s.identity, s.deals, s.open, s.open_cents, s.won_cents, s.latest_stage, s.latest_won_at)), '[]'::json)
  from person_deal_summaries(null) s
$function$;
revoke all on function public.painel_export_deals(p jsonb) from public;
grant execute on function public.painel_export_deals(p jsonb) to service_role;
