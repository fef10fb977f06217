-- public.painel_record_outcome(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_record_outcome(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_meeting meetings;
begin
  select * into v_meeting from meetings m where m.id = (p->>'id')::uuid
    and (p->>'preseller' is null or m.preseller_id = (p->>'preseller')::uuid) for update;
  if not found then
    return jsonb_build_object('status', 'missing');
  end if;
  if v_meeting.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if v_meeting.starts_at > v_now then
    return jsonb_build_object('status', 'not_started');
  end if;
  insert into meeting_outcomes (meeting_id, attendance, qualified, note, recorded_by, recorded_at)
  values (v_meeting.id, p->>'attendance', (p->>'qualified')::boolean, nullif(p->>'note', ''), p->>'actor', v_now);
  perform painel_log(jsonb_build_object('now', v_now, 'actor', p->>'actor', 'action', 'outcome', 'subject', v_meeting.id, 'ip_hash', p->>'ip_hash'));
  return jsonb_build_object('status', 'ok');
end
$function$;
revoke all on function public.painel_record_outcome(p jsonb) from public;
grant execute on function public.painel_record_outcome(p jsonb) to service_role;
