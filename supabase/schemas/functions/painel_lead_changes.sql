-- public.painel_lead_changes(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_lead_changes(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object(
      'kind', e.kind, 'at', e.at, 'meetingId', m.id, 'from', e.from_starts_at, 'to', e.to_starts_at, 'startsAt', m.starts_at,
      'lead', jsonb_build_object('name', l.nome, 'company', l.empresa), 'consultant', c.name) order by e.at, e.id), '[]'::jsonb)
  from meeting_events e
  join meetings m on m.id = e.meeting_id
  join leads l on l.id = m.lead_id
  join presellers c on c.id = m.preseller_id
  where e.actor = 'lead' and e.kind in ('cancelled', 'rescheduled')
    and e.at > (p->>'since')::timestamptz and e.at <= (p->>'now')::timestamptz;
$function$;
revoke all on function public.painel_lead_changes(p jsonb) from public;
grant execute on function public.painel_lead_changes(p jsonb) to service_role;
