-- Bookings and reschedules of one consultant are serialized by an advisory lock per consultant.
-- Why: with an exclusion constraint, two transactions inserting overlapping rows at the same moment each
-- wait for the other's uncommitted row, and PostgreSQL aborts one with a deadlock (40P01) after
-- deadlock_timeout; under 50 parallel bookings of one time that cascaded into 500s and 30 s of waits.
-- Queued on the lock, the second booking sees the first one committed and gets exclusion_violation
-- ('conflict', answered 409) at once. Lock order is always email → consultant (book_meeting) and
-- meeting row → consultant (reschedule_meeting), so the locks themselves cannot deadlock.
-- The functions are otherwise as in 20261123000300_booking_lifecycle.sql.

create or replace function public.book_meeting(p_meeting jsonb, p_outbox jsonb default '[]')
returns table (out_status text, out_id uuid, out_preseller_id uuid, out_starts_at timestamptz)
language plpgsql
set search_path = public
as $$
declare
  v_key text := p_meeting->>'idempotency_key';
  v_fingerprint text := p_meeting->>'fingerprint';
  v_now timestamptz := coalesce((p_meeting->>'now')::timestamptz, now());
  v_email text;
begin
  select lower(l.email) into v_email from leads l where l.id = (p_meeting->>'lead_id')::uuid;
  if v_email is not null then
    -- One upcoming meeting per person (this lead, or any lead with the same email in any case).
    -- Bookings of one email queue here, so the check below sees any booking committed before it.
    perform pg_advisory_xact_lock(20261123, hashtext(v_email));
  end if;

  -- One booking per consultant at a time: concurrent bookings of one consultant queue here instead of
  -- racing in the exclusion constraint, where two inserts of overlapping rows can wait on each other
  -- (deadlock 40P01, seen with 50 parallel bookings of one time). Always after the email lock above.
  perform pg_advisory_xact_lock(20261125, hashtext((p_meeting->>'preseller_id')));

  return query select
    case when v_fingerprint is not null and m.request_fingerprint is not null and m.request_fingerprint <> v_fingerprint
      then 'mismatch' else 'duplicate' end,
    m.id, m.preseller_id, m.starts_at
  from meetings m where m.idempotency_key = v_key;
  if found then
    return;
  end if;

  return query select 'upcoming'::text, m.id, m.preseller_id, m.starts_at
  from meetings m join leads l on l.id = m.lead_id
  where lower(l.email) = v_email and m.status = 'scheduled' and m.ends_at > v_now
  order by m.starts_at
  limit 1;
  if found then
    return;
  end if;

  begin
    insert into meetings (id, lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key,
      request_fingerprint, time_set_at, link_sent_at)
    values ((p_meeting->>'id')::uuid, (p_meeting->>'lead_id')::uuid, (p_meeting->>'preseller_id')::uuid,
      (p_meeting->>'starts_at')::timestamptz, (p_meeting->>'ends_at')::timestamptz, p_meeting->>'service',
      (p_meeting->>'diagnostic_score')::integer, v_key, v_fingerprint, v_now, v_now);
  exception
    when exclusion_violation then
      return query select 'conflict'::text, null::uuid, null::uuid, null::timestamptz;
      return;
    when unique_violation then
      -- The same key committed by a concurrent request in the meantime.
      return query select
        case when v_fingerprint is not null and m.request_fingerprint is not null and m.request_fingerprint <> v_fingerprint
          then 'mismatch' else 'duplicate' end,
        m.id, m.preseller_id, m.starts_at
      from meetings m where m.idempotency_key = v_key;
      if found then
        return;
      end if;
      raise;
  end;

  perform add_meeting_tokens((p_meeting->>'id')::uuid, p_meeting->'tokens');
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return query select 'created'::text, (p_meeting->>'id')::uuid, (p_meeting->>'preseller_id')::uuid,
    (p_meeting->>'starts_at')::timestamptz;
end
$$;

create or replace function public.reschedule_meeting(p_change jsonb, p_outbox jsonb default '[]')
returns table (out_status text, out_sequence integer)
language plpgsql
set search_path = public
as $$
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
  if v_meeting.sequence <> (p_change->>'expected_sequence')::integer then
    return query select 'stale'::text, v_meeting.sequence;
    return;
  end if;

  -- The same per-consultant queue as book_meeting (after this meeting's row lock, never before it).
  perform pg_advisory_xact_lock(20261125, hashtext((p_change->>'preseller_id')));

  begin
    update meetings set preseller_id = (p_change->>'preseller_id')::uuid,
      starts_at = (p_change->>'starts_at')::timestamptz, ends_at = (p_change->>'ends_at')::timestamptz,
      sequence = v_meeting.sequence + 1, time_set_at = v_now
    where meetings.id = v_meeting.id;
    insert into meeting_changes (idempotency_key, meeting_id, fingerprint)
    values (p_change->>'idempotency_key', v_meeting.id, p_change->>'fingerprint');
  exception
    when exclusion_violation then
      return query select 'conflict'::text, v_meeting.sequence;
      return;
    when unique_violation then
      -- The key was used for another meeting in the meantime.
      return query select 'mismatch'::text, v_meeting.sequence;
      return;
  end;

  if jsonb_array_length(coalesce(p_change->'tokens', '[]'::jsonb)) > 0 then
    -- A new consultant: the previous consultant's links stop working.
    update meeting_tokens set revoked_at = v_now
    where meeting_id = v_meeting.id and actor = 'consultant' and revoked_at is null;
    perform add_meeting_tokens(v_meeting.id, p_change->'tokens');
  end if;
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return query select 'rescheduled'::text, v_meeting.sequence + 1;
end
$$;

revoke all on function public.book_meeting(jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.reschedule_meeting(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.book_meeting(jsonb, jsonb) to service_role;
grant execute on function public.reschedule_meeting(jsonb, jsonb) to service_role;
