-- public.whatsapp_stop(p jsonb)
CREATE OR REPLACE FUNCTION public.whatsapp_stop(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := coalesce((p->>'now')::timestamptz, now());
  v_lead uuid;
  v_leads uuid[];
  v_count integer;
begin
  v_lead := coalesce(
    (select w.lead_id from whatsapp_messages w where p->>'wamid' is not null and w.wamid = p->>'wamid'),
    (select m.lead_id from meetings m where p->>'meeting_id' is not null and m.id = (p->>'meeting_id')::uuid),
    (select l.id from leads l where p->>'lead_id' is not null and l.id = (p->>'lead_id')::uuid));
  if v_lead is null then
    return jsonb_build_object('found', false, 'stopped', 0);
  end if;
  v_leads := array(select l.id from leads l where email_identity(l.email) = (select email_identity(x.email) from leads x where x.id = v_lead));
  update leads set whatsapp_stopped_at = v_now where id = any(v_leads) and whatsapp_stopped_at is null;
  get diagnostics v_count = row_count;
  with closed as (
    update outbox o set dropped_at = v_now, locked_until = null, last_error = 'parou'
    where o.kind = 'whatsapp' and o.lead_id = any(v_leads) and o.sent_at is null and o.dropped_at is null
    returning o.id
  )
  update whatsapp_messages w set status = whatsapp_status_next(w.status, 'pulado'), status_at = v_now, error_title = 'parou'
  from closed c where w.outbox_id = c.id;
  return jsonb_build_object('found', true, 'stopped', v_count);
end
$function$;
revoke all on function public.whatsapp_stop(p jsonb) from public;
grant execute on function public.whatsapp_stop(p jsonb) to service_role;
