-- public.integration_meeting_json(m meetings)
CREATE OR REPLACE FUNCTION public.integration_meeting_json(m meetings)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select jsonb_build_object('id', m.id, 'lead_id', m.lead_id, 'service', m.service, 'starts_at', m.starts_at, 'ends_at', m.ends_at,
    'status', m.status,
    'consultant', (select jsonb_build_object('id', p.id, 'name', p.name, 'email', p.email, 'room_url', p.room_url)
                   from presellers p where p.id = m.preseller_id));
$function$;
revoke all on function public.integration_meeting_json(m meetings) from public;
