-- public.painel_whatsapp_health(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_whatsapp_health(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
  -- The WhatsApp card of Integrações: messages whose last status changed today (day_start, Brasília's
  -- midnight), by that status; the ones waiting now whenever they were queued; the latest failures (limit)
  -- with Meta's code and reason, the lead's name and the meeting.
  select jsonb_build_object(
    'today', coalesce((select jsonb_object_agg(t.status, t.n) from (
        select w.status, count(*) as n from whatsapp_messages w
        where w.status_at >= (p->>'day_start')::timestamptz and w.status <> 'pendente' group by w.status) t), '{}'::jsonb),
    'waiting', (select count(*) from whatsapp_messages w where w.status = 'pendente'),
    'failures', coalesce((select jsonb_agg(jsonb_build_object('id', f.id, 'leadId', f.lead_id, 'leadName', f.nome,
        'meetingId', f.meeting_id, 'kind', f.kind, 'status', f.status, 'at', f.status_at, 'errorCode', f.error_code,
        'errorTitle', f.error_title) order by f.status_at desc, f.id) from (
        select w.id, w.lead_id, l.nome, w.meeting_id, w.kind, w.status, w.status_at, w.error_code, w.error_title
        from whatsapp_messages w join leads l on l.id = w.lead_id
        where w.status in ('falhou', 'substituido_por_email')
        order by w.status_at desc, w.id limit (p->>'limit')::integer) f), '[]'::jsonb));
$function$;
revoke all on function public.painel_whatsapp_health(p jsonb) from public;
grant execute on function public.painel_whatsapp_health(p jsonb) to service_role;
