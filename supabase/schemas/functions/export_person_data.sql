-- public.export_person_data(p_email text, p_team jsonb)
CREATE OR REPLACE FUNCTION public.export_person_data(p_email text, p_team jsonb DEFAULT '[]'::jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select jsonb_build_object(
    'email', lower(trim(p_email)),
    'exported_at', now(),
    'leads', (
      select coalesce(jsonb_agg(
        (to_jsonb(l) - 'idempotency_key' - 'request_hash') || jsonb_build_object('meetings', (
          select coalesce(jsonb_agg(
            (to_jsonb(m) - 'idempotency_key' - 'lead_id' - 'preseller_id') || jsonb_build_object('preseller_name', p.name,
              'history', (select coalesce(jsonb_agg((to_jsonb(e) - 'id' - 'meeting_id') order by e.at, e.id), '[]'::jsonb)
                from meeting_events e where e.meeting_id = m.id),
              'outcomes', (select coalesce(jsonb_agg((to_jsonb(o) - 'id' - 'meeting_id') order by o.recorded_at, o.id), '[]'::jsonb)
                from meeting_outcomes o where o.meeting_id = m.id))
            order by m.starts_at), '[]'::jsonb)
          from meetings m join presellers p on p.id = m.preseller_id
          where m.lead_id = l.id),
        'deals', (
          select coalesce(jsonb_agg(
            (to_jsonb(d) - 'lead_id' - 'preseller_id') || jsonb_build_object('preseller_name', c.name,
              'total_cents', deal_total_cents(d.billing, d.value_cents, d.months),
              'history', (select coalesce(jsonb_agg((to_jsonb(g) - 'id' - 'deal_id') order by g.at, g.id), '[]'::jsonb)
                from deal_stage_log g where g.deal_id = d.id))
            order by d.created_at, d.id), '[]'::jsonb)
          from deals d left join presellers c on c.id = d.preseller_id
          where d.lead_id = l.id),
        'whatsapp_messages', (
          select coalesce(jsonb_agg(jsonb_build_object('meeting_id', w.meeting_id, 'kind', w.kind, 'status', w.status,
              'status_at', w.status_at, 'error_code', w.error_code, 'error_title', w.error_title, 'created_at', w.created_at)
            order by w.created_at, w.id), '[]'::jsonb)
          from whatsapp_messages w
          where w.lead_id = l.id))
        order by l.created_at, l.id), '[]'::jsonb)
      from leads l
      where email_identity(l.email) = email_identity(p_email)),
    'messages', (
      select coalesce(jsonb_agg(jsonb_build_object(
          'id', o.id, 'kind', o.kind, 'created_at', o.created_at, 'sent_at', o.sent_at, 'dropped_at', o.dropped_at,
          'message', case when outbox_is_integration(o.kind) then jsonb_build_object('target', o.kind, 'event', o.event)
            when email_identity(o.message->>'to') = email_identity(p_email)
              and email_identity(p_email) not in (select team_identities(p_team)) then o.message
            else jsonb_build_object('to', o.message->>'to', 'subject', o.message->>'subject') end)
        order by o.created_at, o.id), '[]'::jsonb)
      from outbox o
      where o.id in (select person_message_ids(p_email, p_team))));
$function$;
revoke all on function public.export_person_data(p_email text, p_team jsonb) from public;
grant execute on function public.export_person_data(p_email text, p_team jsonb) to service_role;
