-- public.integration_lead_created()
CREATE OR REPLACE FUNCTION public.integration_lead_created()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_data jsonb := jsonb_build_object('lead', integration_lead_json(new));
begin
  perform integration_enqueue('webhook', 'lead.created', 'webhook:lead.created:' || new.id, new.id, null, v_data, new.created_at);
  perform integration_enqueue('rd', 'orcamento-site', 'rd:orcamento-site:' || new.id, new.id, null, v_data, new.created_at);
  perform conversion_enqueue(new.id, 'lead', null, new.created_at, null);
  return null;
end
$function$;
revoke all on function public.integration_lead_created() from public;
