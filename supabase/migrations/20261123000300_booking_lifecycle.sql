-- Booking lifecycle: manage links (hashed tokens), reschedule and cancel in one transaction each,
-- reminders through the outbox, one upcoming meeting per person, and request fingerprints beside the
-- idempotency keys. Every write is a function here so the SQL adapter (PGlite, postgres.js) and the
-- supabase-js adapter (.rpc) run the same transaction. Times come from the caller (`now`) so the
-- functions follow the application's clock (tests inject one); the database's now() is the fallback.

alter table public.meetings
  -- iCalendar SEQUENCE of the invite: +1 on every reschedule or cancellation (the UID never changes).
  add column sequence integer not null default 0,
  -- When the current start time was chosen (booking or last reschedule): a reminder is only sent if
  -- the time was set before the reminder's moment.
  add column time_set_at timestamptz not null default now(),
  add column cancelled_at timestamptz,
  add column cancelled_by text check (cancelled_by in ('lead', 'consultant')),
  add column cancel_reason text check (char_length(cancel_reason) <= 500),
  -- SHA-256 of the booking request's canonical fields: the same key with other data is refused.
  add column request_fingerprint text,
  -- Last time the lead was mailed a manage link (confirmation or resend), for the resend throttle.
  add column link_sent_at timestamptz;

-- Manage links. Only the SHA-256 (hex) of a token is stored; the raw token exists only in the mail.
create table public.meeting_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  meeting_id uuid not null references public.meetings (id) on delete cascade,
  actor text not null check (actor in ('lead', 'consultant')),
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index meeting_tokens_meeting_idx on public.meeting_tokens (meeting_id);

-- Idempotency of reschedules: one row per key, with the fingerprint of the request it carried.
create table public.meeting_changes (
  idempotency_key text primary key check (char_length(idempotency_key) between 8 and 100),
  meeting_id uuid not null references public.meetings (id) on delete cascade,
  fingerprint text not null,
  created_at timestamptz not null default now()
);
create index meeting_changes_meeting_idx on public.meeting_changes (meeting_id);

-- Reminders queued: one row per meeting, kind and start time, so a reminder is never queued twice for
-- the same time, and a moved meeting (new starts_at) is reminded again for its new time.
create table public.meeting_reminders (
  meeting_id uuid not null references public.meetings (id) on delete cascade,
  kind text not null,
  starts_at timestamptz not null,
  queued_at timestamptz not null default now(),
  primary key (meeting_id, kind, starts_at)
);

alter table public.meeting_tokens enable row level security;
alter table public.meeting_changes enable row level security;
alter table public.meeting_reminders enable row level security;

-- Inserts the manage tokens listed in p_tokens ([{hash, actor}]) for a meeting.
create or replace function public.add_meeting_tokens(p_meeting_id uuid, p_tokens jsonb)
returns void
language sql
set search_path = public
as $$
  insert into meeting_tokens (token_hash, meeting_id, actor)
  select t->>'hash', p_meeting_id, t->>'actor' from jsonb_array_elements(coalesce(p_tokens, '[]'::jsonb)) t;
$$;

-- Books one consultant for one time, with its manage tokens and invite messages, in one transaction.
-- out_status: 'created' | 'duplicate' (key seen before, same data) | 'mismatch' (key seen with other
-- data) | 'upcoming' (this person already has an upcoming meeting: out_id is that meeting) |
-- 'conflict' (consultant taken).
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
  -- One booking per consultant at a time. With only the exclusion constraint, two transactions inserting
  -- overlapping rows at the same moment each wait for the other's uncommitted row and PostgreSQL aborts
  -- one as a deadlock (40P01; seen with 50 parallel bookings of one time: 500s and 30 s of waits).
  -- Queued here, the second booking sees the first one committed and gets exclusion_violation ('conflict')
  -- at once. Lock order is always email → consultant here, and meeting row → consultant in
  -- reschedule_meeting, so these locks cannot deadlock among themselves.
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

-- Everything the manage page and the lifecycle mails need about one meeting.
create or replace function public.meeting_details(p_meeting_id uuid)
returns table (id uuid, service text, starts_at timestamptz, ends_at timestamptz, status text, sequence integer,
  cancelled_by text, preseller_id uuid, preseller_name text, preseller_email text,
  lead_id uuid, lead_nome text, lead_email text, lead_empresa text, lead_cnpj text, lead_telefone text)
language sql stable
set search_path = public
as $$
  select m.id, m.service, m.starts_at, m.ends_at, m.status, m.sequence, m.cancelled_by,
    p.id, p.name, p.email, l.id, l.nome, l.email, l.empresa, l.cnpj, l.telefone
  from meetings m join presellers p on p.id = m.preseller_id join leads l on l.id = m.lead_id
  where m.id = p_meeting_id;
$$;

-- The meeting a manage token opens, and whose token it is; nothing for an unknown or revoked token.
create or replace function public.meeting_by_token(p_token_hash text)
returns table (actor text, id uuid, service text, starts_at timestamptz, ends_at timestamptz, status text, sequence integer,
  cancelled_by text, preseller_id uuid, preseller_name text, preseller_email text,
  lead_id uuid, lead_nome text, lead_email text, lead_empresa text, lead_cnpj text, lead_telefone text)
language sql stable
set search_path = public
as $$
  select t.actor, d.* from meeting_tokens t cross join lateral meeting_details(t.meeting_id) d
  where t.token_hash = p_token_hash and t.revoked_at is null;
$$;

-- Moves a meeting in one transaction: the row is updated in place, so the exclusion constraint secures
-- the new time for the (new or same) consultant before the old time stops counting as busy.
-- p_change: meeting_id, expected_sequence (the invites were built for it), preseller_id, starts_at,
-- ends_at, now, notice_minutes, idempotency_key, fingerprint, tokens (a new consultant's token).
-- out_status: 'rescheduled' | 'duplicate' | 'mismatch' | 'missing' | 'closed' (cancelled, or inside
-- the notice) | 'stale' (changed meanwhile) | 'conflict' (the new time is taken).
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

-- Cancels a meeting: its time is free at once (the exclusion constraint only counts scheduled rows).
-- p_cancel: meeting_id, expected_sequence, actor, reason, now, notice_minutes.
-- out_status: 'cancelled' | 'already' (cancelled before) | 'missing' | 'closed' | 'stale'.
create or replace function public.cancel_meeting(p_cancel jsonb, p_outbox jsonb default '[]')
returns table (out_status text, out_sequence integer)
language plpgsql
set search_path = public
as $$
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
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return query select 'cancelled'::text, v_meeting.sequence + 1;
end
$$;

-- Sends the manage link again (a new lead token and its mail) unless one was sent less than
-- p_throttle_seconds ago; false when throttled or the meeting is no longer scheduled.
create or replace function public.resend_manage_link(p_meeting_id uuid, p_tokens jsonb, p_now timestamptz,
  p_throttle_seconds integer, p_outbox jsonb default '[]')
returns boolean
language plpgsql
set search_path = public
as $$
begin
  update meetings set link_sent_at = p_now
  where id = p_meeting_id and status = 'scheduled'
    and (link_sent_at is null or link_sent_at <= p_now - make_interval(secs => p_throttle_seconds));
  if not found then
    return false;
  end if;
  perform add_meeting_tokens(p_meeting_id, p_tokens);
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return true;
end
$$;

-- Reminders due at p_now. p_kinds: [{kind, minutes, until_minutes}]: a reminder `minutes` before the
-- start, due until `until_minutes` before it (the next, closer reminder takes over), and only when the
-- start time was set before the reminder's moment.
create or replace function public.due_reminders(p_now timestamptz, p_kinds jsonb, p_limit integer)
returns table (kind text, meeting_id uuid, starts_at timestamptz)
language sql stable
set search_path = public
as $$
  select k.kind, m.id, m.starts_at
  from meetings m
  cross join jsonb_to_recordset(p_kinds) as k(kind text, minutes integer, until_minutes integer)
  where m.status = 'scheduled'
    and m.starts_at > p_now
    and m.starts_at <= p_now + make_interval(mins => (select max((x->>'minutes')::integer) from jsonb_array_elements(p_kinds) x))
    and p_now >= m.starts_at - make_interval(mins => k.minutes)
    and p_now < m.starts_at - make_interval(mins => k.until_minutes)
    and m.time_set_at < m.starts_at - make_interval(mins => k.minutes)
    and not exists (select 1 from meeting_reminders r where r.meeting_id = m.id and r.kind = k.kind and r.starts_at = m.starts_at)
  order by m.starts_at
  limit p_limit;
$$;

-- Queues one reminder with its lead token, once per meeting, kind and start time, and only while the
-- meeting is still scheduled at that time (the row lock orders it with a cancel or a reschedule).
-- p_reminder: meeting_id, kind, starts_at, now, tokens. True when queued.
create or replace function public.queue_reminder(p_reminder jsonb, p_outbox jsonb default '[]')
returns boolean
language plpgsql
set search_path = public
as $$
declare
  v_id uuid := (p_reminder->>'meeting_id')::uuid;
begin
  perform 1 from meetings m
  where m.id = v_id and m.status = 'scheduled' and m.starts_at = (p_reminder->>'starts_at')::timestamptz
  for update;
  if not found then
    return false;
  end if;
  insert into meeting_reminders (meeting_id, kind, starts_at, queued_at)
  values (v_id, p_reminder->>'kind', (p_reminder->>'starts_at')::timestamptz, coalesce((p_reminder->>'now')::timestamptz, now()))
  on conflict do nothing;
  if not found then
    return false;
  end if;
  perform add_meeting_tokens(v_id, p_reminder->'tokens');
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return true;
end
$$;

revoke all on function public.add_meeting_tokens(uuid, jsonb) from public, anon, authenticated;
revoke all on function public.book_meeting(jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.meeting_details(uuid) from public, anon, authenticated;
revoke all on function public.meeting_by_token(text) from public, anon, authenticated;
revoke all on function public.reschedule_meeting(jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.cancel_meeting(jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.resend_manage_link(uuid, jsonb, timestamptz, integer, jsonb) from public, anon, authenticated;
revoke all on function public.due_reminders(timestamptz, jsonb, integer) from public, anon, authenticated;
revoke all on function public.queue_reminder(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.add_meeting_tokens(uuid, jsonb) to service_role;
grant execute on function public.book_meeting(jsonb, jsonb) to service_role;
grant execute on function public.meeting_details(uuid) to service_role;
grant execute on function public.meeting_by_token(text) to service_role;
grant execute on function public.reschedule_meeting(jsonb, jsonb) to service_role;
grant execute on function public.cancel_meeting(jsonb, jsonb) to service_role;
grant execute on function public.resend_manage_link(uuid, jsonb, timestamptz, integer, jsonb) to service_role;
grant execute on function public.due_reminders(timestamptz, jsonb, integer) to service_role;
grant execute on function public.queue_reminder(jsonb, jsonb) to service_role;
