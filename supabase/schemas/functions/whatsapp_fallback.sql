-- public.whatsapp_fallback(p jsonb)
CREATE OR REPLACE FUNCTION public.whatsapp_fallback(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_msg whatsapp_messages%rowtype;
  v_outbox uuid;
begin
  select * into v_msg from whatsapp_messages w where w.id = (p->>'message_id')::uuid for update;
  if not found or v_msg.status <> 'falhou' or v_msg.fallback_outbox_id is not null then
    return jsonb_build_object('queued', false);
  end if;
  if v_msg.meeting_id is not null and jsonb_typeof(p->'tokens') = 'array' then
    perform add_meeting_tokens(v_msg.meeting_id, p->'tokens');
  end if;
  insert into outbox (kind, message) values (p->'mail'->>'kind', p->'mail'->'message') returning id into v_outbox;
  update whatsapp_messages set status = 'substituido_por_email', status_at = coalesce((p->>'now')::timestamptz, now()),
    fallback_outbox_id = v_outbox
  where id = v_msg.id;
  return jsonb_build_object('queued', true, 'outbox_id', v_outbox);
end
$function$;
revoke all on function public.whatsapp_fallback(p jsonb) from public;
grant execute on function public.whatsapp_fallback(p jsonb) to service_role;
