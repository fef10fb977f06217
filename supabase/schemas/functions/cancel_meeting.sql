-- public.cancel_meeting(p_cancel jsonb, p_outbox jsonb)
CREATE OR REPLACE FUNCTION public.cancel_meeting(p_cancel jsonb, p_outbox jsonb DEFAULT '[]'::jsonb)
 RETURNS TABLE(out_status text, out_sequence integer)
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_meeting meetings%rowtype;
  v_now timestamptz := coalesce((p_cancel->>'now')::timestamptz, now());
begin
  select * into v_meeting from meetings where meetings.id = (p_cancel->>'meeting_id')::uuid for update;
  if not found then
    return query select 'missing'::text, null::integer;
    return;
  end if;
  if v_meeting.status = 'cancelled' then
    return query select 'already'::text, v_meeting.sequence;
    return;
  end if;
  if v_meeting.starts_at - make_interval(mins => (p_cancel->>'notice_minutes')::integer) <= v_now then
    return query select 'closed'::text, v_meeting.sequence;
    return;
  end if;
  if v_meeting.sequence <> (p_cancel->>'expected_sequence')::integer then
    return query select 'stale'::text, v_meeting.sequence;
    return;
  end if;
  update meetings set status = 'cancelled', cancelled_at = v_now, cancelled_by = p_cancel->>'actor',
    cancel_reason = nullif(p_cancel->>'reason', ''), sequence = v_meeting.sequence + 1
  where meetings.id = v_meeting.id;
  -- The links in the cancellation mails open the cancelled meeting (each reader's own).
  perform add_meeting_tokens(v_meeting.id, p_cancel->'tokens');
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return query select 'cancelled'::text, v_meeting.sequence + 1;
end
$function$;
revoke all on function public.cancel_meeting(p_cancel jsonb, p_outbox jsonb) from public;
grant execute on function public.cancel_meeting(p_cancel jsonb, p_outbox jsonb) to service_role;
