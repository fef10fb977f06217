-- public.reschedule_meeting(p_change jsonb, p_outbox jsonb)
CREATE OR REPLACE FUNCTION public.reschedule_meeting(p_change jsonb, p_outbox jsonb DEFAULT '[]'::jsonb)
 RETURNS TABLE(out_status text, out_sequence integer)
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_meeting meetings%rowtype;
  v_previous meeting_changes%rowtype;
  v_now timestamptz := coalesce((p_change->>'now')::timestamptz, now());
begin
  select * into v_meeting from meetings where meetings.id = (p_change->>'meeting_id')::uuid for update;
  if not found then
    return query select 'missing'::text, null::integer;
    return;
  end if;
  select * into v_previous from meeting_changes where idempotency_key = p_change->>'idempotency_key';
  if found then
    return query select case when v_previous.meeting_id = v_meeting.id and v_previous.fingerprint = p_change->>'fingerprint'
      then 'duplicate' else 'mismatch' end, v_meeting.sequence;
    return;
  end if;
  if v_meeting.status <> 'scheduled'
    or v_meeting.starts_at - make_interval(mins => (p_change->>'notice_minutes')::integer) <= v_now then
    return query select 'closed'::text, v_meeting.sequence;
    return;
  end if;
  if p_change->>'max_changes' is not null and (select count(*) from meeting_changes c
      where c.meeting_id = v_meeting.id and c.created_at > v_now - interval '24 hours') >= (p_change->>'max_changes')::integer then
    return query select 'limited'::text, v_meeting.sequence;
    return;
  end if;
  if v_meeting.sequence <> (p_change->>'expected_sequence')::integer then
    return query select 'stale'::text, v_meeting.sequence;
    return;
  end if;
  perform pg_advisory_xact_lock(20261125, hashtext((p_change->>'preseller_id')));
  if preseller_over_cap((p_change->>'preseller_id')::uuid, (p_change->>'starts_at')::timestamptz,
      coalesce(p_change->>'time_zone', 'America/Sao_Paulo'), v_meeting.id) then
    return query select 'conflict'::text, v_meeting.sequence;
    return;
  end if;
  -- Who moves it, for the meeting's history (meeting_history) and the meeting.rescheduled event.
  perform set_config('app.meeting_actor', coalesce(p_change->>'actor', ''), true);
  begin
    update meetings set preseller_id = (p_change->>'preseller_id')::uuid,
      starts_at = (p_change->>'starts_at')::timestamptz, ends_at = (p_change->>'ends_at')::timestamptz,
      sequence = v_meeting.sequence + 1, time_set_at = v_now,
      routing = coalesce(nullif(p_change->'routing', 'null'::jsonb), meetings.routing)
    where meetings.id = v_meeting.id;
    insert into meeting_changes (idempotency_key, meeting_id, fingerprint, created_at)
    values (p_change->>'idempotency_key', v_meeting.id, p_change->>'fingerprint', v_now);
  exception
    when exclusion_violation then
      return query select 'conflict'::text, v_meeting.sequence;
      return;
    when unique_violation then
      return query select 'mismatch'::text, v_meeting.sequence;
      return;
  end;
  if v_meeting.preseller_id <> (p_change->>'preseller_id')::uuid then
    update meeting_tokens set revoked_at = v_now
    where meeting_id = v_meeting.id and actor = 'consultant' and revoked_at is null;
  end if;
  perform add_meeting_tokens(v_meeting.id, p_change->'tokens');
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return query select 'rescheduled'::text, v_meeting.sequence + 1;
end
$function$;
revoke all on function public.reschedule_meeting(p_change jsonb, p_outbox jsonb) from public;
grant execute on function public.reschedule_meeting(p_change jsonb, p_outbox jsonb) to service_role;
