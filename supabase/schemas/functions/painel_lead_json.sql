-- public.painel_lead_json(l leads, p_preseller uuid)
CREATE OR REPLACE FUNCTION public.painel_lead_json(l leads, p_preseller uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select jsonb_build_object('id', l.id, 'createdAt', l.created_at, 'name', l.nome, 'email', l.email, 'company', l.empresa,
    'cnpj', l.cnpj, 'phone', l.telefone, 'segmento', l.segmento, 'faturamento', l.faturamento, 'vendedores', l.vendedores,
    'modelo', l.modelo_negocio, 'meetings', (select count(*) from meetings m where m.lead_id = l.id
      and (p_preseller is null or m.preseller_id = p_preseller)),
    'firstTouch', l.first_touch, 'lastTouch', l.last_touch,
    'marketingOptIn', l.marketing_opt_in, 'marketingOptInAt', l.marketing_opt_in_at);
$function$;
revoke all on function public.painel_lead_json(l leads, p_preseller uuid) from public;
