-- public.whatsapp_status(p jsonb)
CREATE OR REPLACE FUNCTION public.whatsapp_status(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_incoming text := case p->>'status' when 'sent' then 'enviado' when 'delivered' then 'entregue'
    when 'read' then 'lido' when 'failed' then 'falhou' end;
  v_msg whatsapp_messages%rowtype;
  v_next text;
begin
  select * into v_msg from whatsapp_messages w where w.wamid = p->>'wamid' for update;
  if not found or v_incoming is null then
    return jsonb_build_object('found', found, 'changed', false, 'fallback', false);
  end if;
  v_next := whatsapp_status_next(v_msg.status, v_incoming);
  if v_next = v_msg.status then
    return jsonb_build_object('found', true, 'changed', false, 'fallback', false);
  end if;
  update whatsapp_messages w set status = v_next, status_at = coalesce((p->>'at')::timestamptz, now()),
    error_code = case when v_next = 'falhou' then (p->>'error_code')::integer else w.error_code end,
    error_title = case when v_next = 'falhou' then left(p->>'error_title', 300) else w.error_title end
  where w.id = v_msg.id returning * into v_msg;
  return jsonb_build_object('found', true, 'changed', true, 'fallback', v_msg.status = 'falhou' and v_msg.fallback_outbox_id is null,
    'message_id', v_msg.id, 'meeting_id', v_msg.meeting_id, 'kind', v_msg.kind);
end
$function$;
revoke all on function public.whatsapp_status(p jsonb) from public;
grant execute on function public.whatsapp_status(p jsonb) to service_role;
