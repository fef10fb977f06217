-- public.integration_lead_json(l leads)
CREATE OR REPLACE FUNCTION public.integration_lead_json(l leads)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select jsonb_build_object('id', l.id, 'created_at', l.created_at, 'name', l.nome, 'email', l.email, 'phone', l.telefone,
    'company', l.empresa, 'cnpj', l.cnpj, 'job_title', l.cargo, 'revenue', l.faturamento, 'sales_team', l.vendedores,
    'segment', l.segmento, 'other_segment', l.outro_segmento, 'business_model', l.modelo_negocio, 'service', l.servico,
    'origin', l.origem, 'routing_rule', l.routing_rule, 'marketing_opt_in', l.marketing_opt_in,
    'first_touch', l.first_touch, 'last_touch', l.last_touch);
$function$;
revoke all on function public.integration_lead_json(l leads) from public;
