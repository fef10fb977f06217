-- public.painel_person_json(l leads, p_identity text, p_preseller uuid, p_now timestamp with time zone)
CREATE OR REPLACE FUNCTION public.painel_person_json(l leads, p_identity text, p_preseller uuid, p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  with person as (select pl.lead_id as id from lead_person_ids pl where pl.identity = p_identity),
  own as (select m.* from meetings m where m.lead_id in (select id from person)
    and (p_preseller is null or m.preseller_id = p_preseller)),
  next_meeting as (select o.* from own o where o.status = 'scheduled' and o.ends_at > p_now order by o.starts_at, o.id limit 1),
  last_outcome as (select mo.attendance, mo.qualified from meeting_outcomes mo where mo.meeting_id in (select id from own)
    order by mo.recorded_at desc, mo.id desc limit 1)
  select jsonb_build_object('id', l.id, 'createdAt', l.created_at, 'name', l.nome, 'email', l.email, 'company', l.empresa,
    'cnpj', l.cnpj, 'phone', l.telefone, 'segmento', l.segmento, 'faturamento', l.faturamento, 'vendedores', l.vendedores,
    'modelo', l.modelo_negocio, 'cargo', l.cargo, 'service', l.servico, 'rule', l.routing_rule, 'routingKind', l.routing_kind,
    'submissions', (select count(*) from person),
    'meetings', (select count(*) from own),
    'consultant', coalesce((select c.name from next_meeting n join presellers c on c.id = n.preseller_id),
      (select c.name from own o join presellers c on c.id = o.preseller_id order by o.starts_at desc, o.id limit 1)),
    'nextMeeting', (select n.starts_at from next_meeting n),
    'outcome', (select jsonb_build_object('attendance', x.attendance, 'qualified', x.qualified) from last_outcome x),
    'firstTouch', l.first_touch, 'lastTouch', l.last_touch,
    'marketingOptIn', l.marketing_opt_in, 'marketingOptInAt', l.marketing_opt_in_at);
$function$;
revoke all on function public.painel_person_json(l leads, p_identity text, p_preseller uuid, p_now timestamp with time zone) from public;
