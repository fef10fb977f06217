-- public.painel_meeting(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_meeting(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select painel_meeting_json(m.id) || jsonb_build_object(
    'lead', jsonb_build_object('id', l.id, 'name', l.nome, 'company', l.empresa, 'email', l.email, 'phone', l.telefone, 'cnpj', l.cnpj),
    'cancelledBy', m.cancelled_by,
    'cancelReason', m.cancel_reason,
    'outcomes', coalesce((select jsonb_agg(painel_outcome_json(o) order by o.recorded_at desc, o.id desc)
      from meeting_outcomes o where o.meeting_id = m.id), '[]'::jsonb),
    'canRecordOutcome', m.status = 'scheduled' and m.starts_at <= (p->>'now')::timestamptz,
    'events', coalesce((select jsonb_agg(e.event order by e.at, e.n) from (
        select ev.at, ev.id as n, case ev.kind
            when 'booked' then jsonb_build_object('kind', 'booked', 'at', ev.at, 'startsAt', ev.to_starts_at)
            when 'rescheduled' then jsonb_build_object('kind', 'rescheduled', 'at', ev.at, 'from', ev.from_starts_at, 'to', ev.to_starts_at)
            else jsonb_build_object('kind', 'cancelled', 'at', ev.at, 'by', ev.actor, 'reason', ev.reason) end as event
          from meeting_events ev where ev.meeting_id = m.id
        union all
        select o.created_at, 0, jsonb_build_object('kind', 'mail', 'at', o.created_at, 'mailKind', o.kind,
            'subject', coalesce(o.message->>'subject', ''), 'sentAt', o.sent_at,
            'to', case lower(o.message->>'to') when lower(l.email) then 'lead' when lower(c.email) then 'consultant' else 'other' end)
          from outbox o where o.meeting_id = m.id and not outbox_is_integration(o.kind)
        union all
        -- Each WhatsApp message to the lead, at its queueing, with its last status (whatsapp_status_next's).
        select w.created_at, 0, jsonb_build_object('kind', 'whatsapp', 'at', w.created_at, 'waKind', w.kind,
            'status', w.status, 'statusAt', w.status_at, 'errorCode', w.error_code, 'errorTitle', w.error_title)
          from whatsapp_messages w where w.meeting_id = m.id
        union all
        select o.recorded_at, 0, jsonb_build_object('kind', 'outcome', 'at', o.recorded_at, 'outcome', painel_outcome_json(o))
          from meeting_outcomes o where o.meeting_id = m.id
      ) e), '[]'::jsonb),
    'why', case when m.routing is not null then jsonb_build_object('routing', m.routing, 'names', routing_why_names(m.routing)) end)
  from meetings m join leads l on l.id = m.lead_id join presellers c on c.id = m.preseller_id
  where m.id = (p->>'id')::uuid and (p->>'preseller' is null or m.preseller_id = (p->>'preseller')::uuid);
$function$;
revoke all on function public.painel_meeting(p jsonb) from public;
grant execute on function public.painel_meeting(p jsonb) to service_role;
