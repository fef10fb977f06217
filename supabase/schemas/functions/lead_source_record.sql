-- public.lead_source_record(p jsonb)
CREATE OR REPLACE FUNCTION public.lead_source_record(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO 'public'
AS $function$
  insert into lead_sources (lead_id, source_hash, signals)
  select l.id, p->>'source_hash', coalesce(array(select jsonb_array_elements_text(coalesce(p->'signals', '[]'::jsonb))), '{}')
  from leads l where l.id = (p->>'lead_id')::uuid
  on conflict (lead_id) do nothing
  returning to_jsonb(true);
$function$;
revoke all on function public.lead_source_record(p jsonb) from public;
grant execute on function public.lead_source_record(p jsonb) to service_role;
