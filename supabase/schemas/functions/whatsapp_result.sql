-- public.whatsapp_result(p jsonb)
CREATE OR REPLACE FUNCTION public.whatsapp_result(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_row outbox%rowtype;
  v_failed boolean;
  v_msg whatsapp_messages%rowtype;
begin
  select * into v_row from outbox o where o.id = (p->>'id')::uuid and o.kind = 'whatsapp' for update;
  if not found then
    return jsonb_build_object('found', false);
  end if;
  if p->>'outcome' = 'sent' then
    update outbox set sent_at = v_now, locked_until = null, last_error = null, last_status = 200 where id = v_row.id;
    update whatsapp_messages w set wamid = p->>'wamid', status = whatsapp_status_next(w.status, 'enviado'),
      status_at = case when whatsapp_status_next(w.status, 'enviado') = w.status then w.status_at else v_now end
    where w.outbox_id = v_row.id returning * into v_msg;
    return jsonb_build_object('found', true, 'fallback', false);
  end if;
  v_failed := p->>'outcome' = 'failed' or v_row.attempts >= (p->>'max_attempts')::integer;
  update outbox set locked_until = null, last_error = left(coalesce(p->>'error_code', p->>'error', 'error'), 100),
    last_status = (p->>'status')::integer,
    next_attempt_at = coalesce((p->>'next_attempt_at')::timestamptz, v_now),
    dropped_at = case when v_failed then v_now end
  where id = v_row.id;
  if not v_failed then
    return jsonb_build_object('found', true, 'fallback', false);
  end if;
  update whatsapp_messages w set status = whatsapp_status_next(w.status, 'falhou'), status_at = v_now,
    error_code = (p->>'error_code')::integer, error_title = left(p->>'error_title', 300)
  where w.outbox_id = v_row.id returning * into v_msg;
  return jsonb_build_object('found', v_msg.id is not null, 'fallback', v_msg.status = 'falhou' and v_msg.fallback_outbox_id is null,
    'message_id', v_msg.id, 'meeting_id', v_msg.meeting_id, 'kind', v_msg.kind);
end
$function$;
revoke all on function public.whatsapp_result(p jsonb) from public;
grant execute on function public.whatsapp_result(p jsonb) to service_role;
