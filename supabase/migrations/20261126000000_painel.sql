-- The painel (issue 18): the team's console. Sign-in codes and sessions (hashes only), meeting outcomes,
-- each meeting's history, the outbox rows tied to their meeting and lead, an activity log, and the
-- console's reads. Every call takes the application's clock (`now`) like the booking functions do, and
-- one jsonb argument `p`, so the SQL adapter and supabase-js (.rpc(name, { p })) call them alike.

-- 1. Outcomes. A meeting's outcome is its latest row; earlier rows stay as its history.
create table public.meeting_outcomes (
  id uuid primary key default gen_random_uuid(),
  meeting_id uuid not null references public.meetings (id) on delete cascade,
  attendance text not null check (attendance in ('attended', 'lead_no_show', 'consultant_no_show')),
  qualified boolean,
  note text check (note is null or char_length(note) <= 1000),
  recorded_by text not null,
  recorded_at timestamptz not null default now()
);
create index meeting_outcomes_meeting_idx on public.meeting_outcomes (meeting_id, recorded_at desc);

-- 2. A meeting's history, written by triggers so every writer (booking, reschedule, cancel, the seed)
--    records it the same way: booked; rescheduled from → to; cancelled by whom, with the reason.
create table public.meeting_events (
  id bigint generated always as identity primary key,
  meeting_id uuid not null references public.meetings (id) on delete cascade,
  at timestamptz not null,
  kind text not null check (kind in ('booked', 'rescheduled', 'cancelled')),
  from_starts_at timestamptz,
  to_starts_at timestamptz,
  actor text,
  reason text
);
create index meeting_events_meeting_idx on public.meeting_events (meeting_id, at);

create function public.meeting_history()
returns trigger
language plpgsql
set search_path = public
as $$
begin
  if tg_op = 'INSERT' then
    insert into meeting_events (meeting_id, at, kind, to_starts_at) values (new.id, new.time_set_at, 'booked', new.starts_at);
  elsif new.status = 'cancelled' and old.status <> 'cancelled' then
    insert into meeting_events (meeting_id, at, kind, actor, reason)
    values (new.id, coalesce(new.cancelled_at, now()), 'cancelled', new.cancelled_by, new.cancel_reason);
  elsif new.starts_at <> old.starts_at then
    insert into meeting_events (meeting_id, at, kind, from_starts_at, to_starts_at)
    values (new.id, new.time_set_at, 'rescheduled', old.starts_at, new.starts_at);
  end if;
  return null;
end
$$;
create trigger meeting_history after insert or update on public.meetings
for each row execute function public.meeting_history();

insert into meeting_events (meeting_id, at, kind, to_starts_at)
select m.id, m.created_at, 'booked', m.starts_at from meetings m;
insert into meeting_events (meeting_id, at, kind, actor, reason)
select m.id, m.cancelled_at, 'cancelled', m.cancelled_by, m.cancel_reason from meetings m where m.status = 'cancelled' and m.cancelled_at is not null;

-- 3. Which meeting and lead an outbox message is about. The adapters put { meetingId, leadId } in
--    message.about (functions/lib/mail/secrets.ts sealOutbox); this trigger moves it to columns, and takes
--    the lead from the meeting when only the meeting is given. Older rows are matched by the ids their
--    text quotes, once, here.
alter table public.outbox add column meeting_id uuid, add column lead_id uuid;
create index outbox_meeting_idx on public.outbox (meeting_id) where meeting_id is not null;
create index outbox_lead_idx on public.outbox (lead_id) where lead_id is not null;

create function public.outbox_about()
returns trigger
language plpgsql
set search_path = public
as $$
begin
  -- Only well-formed ids are taken: a malformed one is ignored rather than failing the write it rides on.
  if jsonb_typeof(new.message->'about') = 'object' then
    if new.message->'about'->>'meetingId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      new.meeting_id := coalesce(new.meeting_id, (new.message->'about'->>'meetingId')::uuid);
    end if;
    if new.message->'about'->>'leadId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      new.lead_id := coalesce(new.lead_id, (new.message->'about'->>'leadId')::uuid);
    end if;
  end if;
  new.message := new.message - 'about';
  if new.lead_id is null and new.meeting_id is not null then
    select m.lead_id into new.lead_id from meetings m where m.id = new.meeting_id;
  end if;
  return new;
end
$$;
create trigger outbox_about before insert on public.outbox
for each row execute function public.outbox_about();

update outbox o set meeting_id = (
  select m.id from meetings m where position(m.id::text in coalesce(o.message->>'text', '') || coalesce(o.message->'icalEvent'->>'content', '')) > 0 limit 1)
where o.meeting_id is null;
update outbox o set lead_id = coalesce(
  (select m.lead_id from meetings m where m.id = o.meeting_id),
  (select l.id from leads l where position(l.id::text in coalesce(o.message->>'text', '')) > 0 limit 1))
where o.lead_id is null;

-- The per-address hourly cap (claim_outbox) never holds back the sign-in code nor the morning mail of
-- meetings without an outcome: lead notices (and anyone asking codes) count against the mentor's
-- address, and a mentor locked out of the console, or a morning mail dropped for the day, would be a bug.
-- Codes have their own limits (painel_request_code); the morning mail is one a day (painel_daily_mail).
create or replace function public.outbox_cap_exempt(p_kind text)
returns boolean
language sql immutable
set search_path = public
as $$
  select p_kind in ('lead-digest', 'painel-code', 'painel-pending-outcomes');
$$;

-- 4. Sign-in. One live code per address (hash only); a session is the SHA-256 of a random token.
create table public.painel_codes (
  email text primary key,
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  attempts integer not null default 0
);
-- Every code request (allowed address or not), for the per-address and per-IP limits; keyed hashes only.
create table public.painel_code_requests (
  at timestamptz not null,
  email_hash text not null,
  ip_hash text not null
);
create index painel_code_requests_email_idx on public.painel_code_requests (email_hash, at);
create index painel_code_requests_ip_idx on public.painel_code_requests (ip_hash, at);

create table public.painel_sessions (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  email text not null,
  created_at timestamptz not null,
  last_used_at timestamptz not null,
  expires_at timestamptz not null
);
create index painel_sessions_email_idx on public.painel_sessions (email);

-- Who did what in the console, and when. The IP only as a keyed hash.
create table public.painel_activity (
  id bigint generated always as identity primary key,
  at timestamptz not null,
  actor text,
  action text not null,
  subject text,
  ip_hash text
);
create index painel_activity_at_idx on public.painel_activity (at desc, id desc);
create index painel_activity_failed_idx on public.painel_activity (ip_hash, at) where action = 'login_failed';

-- The mentor's morning mail of meetings without an outcome: at most one per day.
create table public.painel_daily_mail (
  day date primary key,
  queued_at timestamptz not null
);

alter table public.meeting_outcomes enable row level security;
alter table public.meeting_events enable row level security;
alter table public.painel_codes enable row level security;
alter table public.painel_code_requests enable row level security;
alter table public.painel_sessions enable row level security;
alter table public.painel_activity enable row level security;
alter table public.painel_daily_mail enable row level security;

-- Deactivating a consultant ends their console sessions at once.
create function public.preseller_sessions_end()
returns trigger
language plpgsql
set search_path = public
as $$
begin
  if old.active and not new.active then
    delete from painel_sessions s where s.email = lower(new.email);
  end if;
  return null;
end
$$;
create trigger preseller_sessions_end after update of active on public.presellers
for each row execute function public.preseller_sessions_end();

-- Lists: newest first / soonest first with a keyset on (starts_at, id) or (created_at, id).
create index meetings_list_idx on public.meetings (starts_at, id);
create index meetings_preseller_list_idx on public.meetings (preseller_id, starts_at, id);
create index leads_list_idx on public.leads (created_at desc, id desc);
-- "Buscar" finds a fragment anywhere in a name, email or company, or in a CNPJ or phone: trigram indexes
-- answer LIKE '%…%' without reading every lead (pg_trgm ships with Supabase, Debian's PostgreSQL and PGlite).
create extension if not exists pg_trgm;
create index leads_search_text_idx on public.leads using gin ((lower(nome || ' ' || email || ' ' || empresa)) gin_trgm_ops);
create index leads_search_digits_idx on public.leads using gin ((lower(cnpj) || ' ' || telefone) gin_trgm_ops);

-- claim_outbox as in 20261125000100_outbox_hardening.sql, with the cap's exemptions named once
-- (outbox_cap_exempt): a lead digest and a sign-in code are never held or dropped by it.
drop function public.claim_outbox(timestamptz, integer, integer, integer);
create function public.claim_outbox(p_now timestamptz, p_limit integer, p_lock_seconds integer, p_max_attempts integer)
returns table (id uuid, kind text, message jsonb, attempts integer, dropped boolean)
language plpgsql
set search_path = public
as $$
#variable_conflict use_column
declare
  c_per_address_per_hour constant integer := 10;
  r record;
  v_recent integer;
begin
  update outbox o set secrets = null
  where o.sent_at is null and o.dropped_at is null and o.secrets is not null and o.attempts >= p_max_attempts
    and (o.locked_until is null or o.locked_until <= p_now);

  for r in
    select o.id as oid, o.kind as okind, lower(o.message->>'to') as addr from outbox o
    where o.sent_at is null and o.dropped_at is null and o.held_at is null and o.next_attempt_at <= p_now
      and o.attempts < p_max_attempts and (o.locked_until is null or o.locked_until <= p_now)
    order by o.priority, o.next_attempt_at, o.created_at
    limit p_limit
    for update skip locked
  loop
    perform pg_advisory_xact_lock(hashtextextended('outbox_to:' || coalesce(r.addr, ''), 0));
    select count(*) into v_recent from outbox s
    where lower(s.message->>'to') = r.addr and s.id <> r.oid and s.dropped_at is null and s.digest_id is null
      and (s.sent_at > p_now - interval '1 hour' or (s.sent_at is null and s.locked_until > p_now));
    if not outbox_cap_exempt(r.okind) and v_recent >= c_per_address_per_hour
        and not exists (select 1 from presellers p where lower(p.email) = r.addr) then
      if r.okind = 'lead-notification' then
        update outbox o set held_at = p_now, locked_until = null where o.id = r.oid;
      else
        return query
          update outbox o set dropped_at = p_now, locked_until = null, last_error = 'recipient_hourly_limit'
          where o.id = r.oid
          returning o.id, o.kind, o.message, o.attempts, true;
      end if;
    else
      return query
        update outbox o set locked_until = p_now + make_interval(secs => p_lock_seconds), attempts = o.attempts + 1
        where o.id = r.oid
        returning o.id, o.kind,
          o.message
            || case when o.secrets is null then '{}'::jsonb else jsonb_build_object('secrets', o.secrets) end
            || case when o.kind <> 'lead-digest' then '{}'::jsonb else jsonb_build_object('notices', coalesce((
                 select jsonb_agg(n.message order by n.created_at, n.id) from outbox n where n.digest_id = o.id), '[]'::jsonb)) end,
          o.attempts, false;
    end if;
  end loop;
end
$$;

-- An erasure also takes the messages tied to the person's leads and meetings (outbox_about).
create or replace function public.person_message_ids(p_email text)
returns setof uuid
language sql stable
set search_path = public
as $$
  with ids as (
    select l.id::text as id from leads l where lower(l.email) = lower(trim(p_email))
    union all
    select m.id::text from meetings m join leads l on l.id = m.lead_id where lower(l.email) = lower(trim(p_email))
  )
  select o.id from outbox o
  where lower(o.message->>'to') = lower(trim(p_email))
    or o.lead_id in (select l.id from leads l where lower(l.email) = lower(trim(p_email)))
    -- The morning mail lists several meetings (message.meetingIds, never sent as such).
    or (jsonb_typeof(o.message->'meetingIds') = 'array' and o.message->'meetingIds' ?| array(select id from ids))
    or exists (select 1 from ids where position(ids.id in coalesce(o.message->>'text', '')) > 0);
$$;

-- LGPD: the export also holds what the console recorded about the person's meetings: each meeting's
-- history (booked, moved, cancelled with the reason) and its outcomes (attendance, qualified, note).
create or replace function public.export_person_data(p_email text)
returns jsonb
language sql stable
set search_path = public
as $$
  select jsonb_build_object(
    'email', lower(trim(p_email)),
    'exported_at', now(),
    'leads', (
      select coalesce(jsonb_agg(
        (to_jsonb(l) - 'idempotency_key' - 'request_hash') || jsonb_build_object('meetings', (
          select coalesce(jsonb_agg(
            (to_jsonb(m) - 'idempotency_key' - 'lead_id' - 'preseller_id') || jsonb_build_object('preseller_name', p.name,
              'history', (select coalesce(jsonb_agg((to_jsonb(e) - 'id' - 'meeting_id') order by e.at, e.id), '[]'::jsonb)
                from meeting_events e where e.meeting_id = m.id),
              'outcomes', (select coalesce(jsonb_agg((to_jsonb(o) - 'id' - 'meeting_id') order by o.recorded_at, o.id), '[]'::jsonb)
                from meeting_outcomes o where o.meeting_id = m.id))
            order by m.starts_at), '[]'::jsonb)
          from meetings m join presellers p on p.id = m.preseller_id
          where m.lead_id = l.id))
        order by l.created_at, l.id), '[]'::jsonb)
      from leads l
      where lower(l.email) = lower(trim(p_email))),
    'messages', (
      select coalesce(jsonb_agg(jsonb_build_object(
          'id', o.id, 'kind', o.kind, 'created_at', o.created_at, 'sent_at', o.sent_at, 'dropped_at', o.dropped_at,
          'message', case when lower(o.message->>'to') = lower(trim(p_email)) then o.message
            else jsonb_build_object('to', o.message->>'to', 'subject', o.message->>'subject') end)
        order by o.created_at, o.id), '[]'::jsonb)
      from outbox o
      where o.id in (select person_message_ids(p_email))));
$$;

revoke all on function public.claim_outbox(timestamptz, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.claim_outbox(timestamptz, integer, integer, integer) to service_role;
revoke all on function public.meeting_history() from public, anon, authenticated;
revoke all on function public.outbox_about() from public, anon, authenticated;
revoke all on function public.preseller_sessions_end() from public, anon, authenticated;
