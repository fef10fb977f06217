-- public.painel_meeting_json(p_id uuid)
CREATE OR REPLACE FUNCTION public.painel_meeting_json(p_id uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select jsonb_build_object('id', m.id, 'startsAt', m.starts_at, 'endsAt', m.ends_at, 'status', m.status, 'service', m.service,
    'lead', jsonb_build_object('id', l.id, 'name', l.nome, 'company', l.empresa),
    'consultant', jsonb_build_object('id', c.id, 'name', c.name),
    'outcome', (select painel_outcome_json(o) from meeting_outcomes o where o.meeting_id = m.id order by o.recorded_at desc, o.id limit 1))
  from meetings m join leads l on l.id = m.lead_id join presellers c on c.id = m.preseller_id
  where m.id = p_id;
$function$;
revoke all on function public.painel_meeting_json(p_id uuid) from public;
