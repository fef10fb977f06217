-- Hardening (issue 23): one person is one person whatever the spelling of their Gmail address; a meeting
-- can be moved only so often; the mentor's lead notices are held and digested, never dropped; and stored
-- mail keeps no working manage link.

-- 1. The identity of an e-mail address: lower case, trimmed, without a plus tag ("ana+x@" is "ana@", on
--    every domain: the tag is a mailbox alias wherever it is supported), and for Gmail without dots in
--    the local part and with googlemail.com read as gmail.com (both are Google's documented aliases of
--    one mailbox). Used wherever "the same person" is decided: one upcoming meeting per person, the
--    leads-per-hour limit, and a returning lead's consultant. Mail is still sent to the address as typed.
create function public.email_identity(p_email text)
returns text
language sql immutable strict parallel safe
set search_path = ''
as $$
  select case
    when parts.domain is null then parts.address
    when parts.domain in ('gmail.com', 'googlemail.com') then replace(parts.local, '.', '') || '@gmail.com'
    else parts.local || '@' || parts.domain
  end
  from (
    select a.address, substring(a.address from '@([^@]*)$') as domain,
      coalesce(nullif(split_part(substring(a.address from '^(.*)@[^@]*$'), '+', 1), ''), substring(a.address from '^(.*)@[^@]*$')) as local
    from (select lower(btrim(p_email)) as address) a
  ) parts;
$$;

create index leads_email_identity_idx on public.leads (public.email_identity(email));

create or replace function public.upcoming_meeting_id(p_email text, p_now timestamptz)
returns uuid
language sql stable
set search_path = public
as $$
  select m.id from meetings m join leads l on l.id = m.lead_id
  where email_identity(l.email) = email_identity(p_email) and m.status = 'scheduled' and m.ends_at > p_now
  order by m.starts_at, m.id
  limit 1;
$$;

create or replace function public.previous_preseller(p_email text)
returns uuid
language sql stable
set search_path = public
as $$
  select m.preseller_id from meetings m join leads l on l.id = m.lead_id
  where m.status = 'scheduled' and email_identity(l.email) = email_identity(p_email)
  order by m.created_at desc
  limit 1;
$$;

-- create_lead as in 20261124000000_booking_trust.sql; the per-request lock and the leads-per-hour limit
-- now count every spelling of one address as one person.
create or replace function public.create_lead(p_lead jsonb, p_outbox jsonb default '[]')
returns table (out_id uuid, out_created boolean, out_status text, out_upcoming boolean)
language plpgsql
set search_path = public
as $$
declare
  c_leads_per_email_per_hour constant integer := 5;
  v_key text := p_lead->>'idempotency_key';
  v_hash text := p_lead->>'request_hash';
  v_identity text := email_identity(p_lead->>'email');
  v_now timestamptz := coalesce((p_lead->>'now')::timestamptz, now());
  v_id uuid;
  v_prev_hash text;
  v_prev_email text;
  v_upcoming boolean;
begin
  -- One request per person at a time, so concurrent requests cannot all pass the hourly count.
  perform pg_advisory_xact_lock(hashtextextended('create_lead:' || coalesce(v_identity, ''), 0));

  for attempt in 1..2 loop
    select l.id, l.request_hash, l.email into v_id, v_prev_hash, v_prev_email from leads l where l.idempotency_key = v_key;
    if v_id is not null then
      if v_prev_hash is not null and v_hash is distinct from v_prev_hash then
        return query select null::uuid, false, 'mismatch'::text, false;
      else
        return query select v_id, false, 'duplicate'::text, upcoming_meeting_id(v_prev_email, v_now) is not null;
      end if;
      return;
    end if;
    exit when attempt = 2;

    if (select count(*) from leads l where email_identity(l.email) = v_identity and l.created_at > now() - interval '1 hour')
        >= c_leads_per_email_per_hour then
      return query select null::uuid, false, 'limited'::text, false;
      return;
    end if;

    insert into leads (id, idempotency_key, request_hash, nome, email, telefone, empresa, cnpj, cargo, faturamento,
      vendedores, segmento, outro_segmento, modelo_negocio, origem, consent_at, privacy_policy_version)
    values ((p_lead->>'id')::uuid, v_key, v_hash, p_lead->>'nome', p_lead->>'email',
      p_lead->>'telefone', p_lead->>'empresa', p_lead->>'cnpj', p_lead->>'cargo', p_lead->>'faturamento',
      p_lead->>'vendedores', p_lead->>'segmento', p_lead->>'outro_segmento', p_lead->>'modelo_negocio',
      p_lead->>'origem', now(), p_lead->>'privacy_policy_version')
    on conflict (idempotency_key) do nothing
    returning leads.id into v_id;
    exit when v_id is not null;
    -- The same key was committed meanwhile by a request for another email: answer as for a repeat.
  end loop;

  if v_id is null then
    raise exception 'create_lead: key neither stored nor found' using errcode = '40001';
  end if;
  v_upcoming := upcoming_meeting_id(p_lead->>'email', v_now) is not null;
  if not v_upcoming then
    insert into outbox (kind, message)
    select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  end if;
  return query select v_id, true, 'created'::text, v_upcoming;
end
$$;

-- book_meeting as in 20261124000000_booking_trust.sql; bookings queue per person (every spelling of one
-- address), so two spellings booking at once cannot both pass the one-upcoming-meeting check.
create or replace function public.book_meeting(p_meeting jsonb, p_outbox jsonb default '[]')
returns table (out_status text, out_id uuid, out_preseller_id uuid, out_starts_at timestamptz)
language plpgsql
set search_path = public
as $$
declare
  v_key text := p_meeting->>'idempotency_key';
  v_fingerprint text := p_meeting->>'fingerprint';
  v_now timestamptz := coalesce((p_meeting->>'now')::timestamptz, now());
  v_zone text := case when is_time_zone_name(p_meeting->>'lead_time_zone') then p_meeting->>'lead_time_zone' end;
  v_email text;
begin
  select l.email into v_email from leads l where l.id = (p_meeting->>'lead_id')::uuid;
  if v_email is not null then
    perform pg_advisory_xact_lock(20261123, hashtext(email_identity(v_email)));
  end if;
  -- One booking per consultant at a time; lock order is always person → consultant.
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
  from meetings m where m.id = upcoming_meeting_id(v_email, v_now);
  if found then
    return;
  end if;

  begin
    insert into meetings (id, lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key,
      request_fingerprint, time_set_at, link_sent_at, lead_time_zone)
    values ((p_meeting->>'id')::uuid, (p_meeting->>'lead_id')::uuid, (p_meeting->>'preseller_id')::uuid,
      (p_meeting->>'starts_at')::timestamptz, (p_meeting->>'ends_at')::timestamptz, p_meeting->>'service',
      (p_meeting->>'diagnostic_score')::integer, v_key, v_fingerprint, v_now, v_now, v_zone);
  exception
    when exclusion_violation then
      return query select 'conflict'::text, null::uuid, null::uuid, null::timestamptz;
      return;
    when unique_violation then
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

-- 2. reschedule_meeting as in 20261124000000_booking_trust.sql, plus 'limited': the meeting was already
--    moved p_change->>'max_changes' times in the last 24 hours (the number lives in the application,
--    src/domain/manage.ts). Each move mails the consultant, whose address has no hourly cap.
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
  begin
    update meetings set preseller_id = (p_change->>'preseller_id')::uuid,
      starts_at = (p_change->>'starts_at')::timestamptz, ends_at = (p_change->>'ends_at')::timestamptz,
      sequence = v_meeting.sequence + 1, time_set_at = v_now
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
$$;

-- 3. Manage links are never kept in a stored body. The application replaces each token of a message
--    with a placeholder of the same length (functions/lib/mail/secrets.ts) and hands the tokens over in
--    message.secrets; this trigger moves them to their own column, which is emptied the moment the
--    message is sent, dropped or digested, or has used up its attempts (claim_outbox). So an export, a
--    backup or a support query shows bodies without a working link.
alter table public.outbox add column secrets jsonb;

create function public.outbox_keep_secrets_apart()
returns trigger
language plpgsql
set search_path = public
as $$
begin
  if tg_op = 'INSERT' then
    new.secrets := case when jsonb_typeof(new.message->'secrets') = 'array' then new.message->'secrets' end;
    new.message := new.message - 'secrets';
  elsif new.sent_at is not null or new.dropped_at is not null or new.digest_id is not null then
    new.secrets := null;
    new.message := scrub_manage_links(new.message);
  end if;
  return new;
end
$$;

-- A body written before this migration still holds its raw tokens: they are blanked once it is done
-- (the .ics part is unfolded first, so a token split across a folded line is found too).
create function public.scrub_manage_links(p_message jsonb)
returns jsonb
language sql immutable
set search_path = ''
as $$
  select regexp_replace(
    case when p_message->'icalEvent'->>'content' is null then p_message::text
      else jsonb_set(p_message, '{icalEvent,content}',
        to_jsonb(regexp_replace(p_message->'icalEvent'->>'content', E'\r\n[ \t]', '', 'g')))::text end,
    '#t=[A-Za-z0-9_-]{43}', '#t=' || repeat('~', 43), 'g')::jsonb;
$$;

-- 4. The mentor's lead notices beyond the hourly cap are held (held_at), then sent together in one
--    "lead-digest" message (digest_id: the digest that carries them). Nothing about a lead is dropped.
alter table public.outbox
  add column held_at timestamptz,
  add column digest_id uuid references public.outbox (id) on delete set null;
create index outbox_held_idx on public.outbox (lower(message->>'to')) where held_at is not null and digest_id is null and sent_at is null;

create trigger outbox_keep_secrets_apart before insert or update on public.outbox
for each row execute function public.outbox_keep_secrets_apart();

update outbox set message = scrub_manage_links(message) where sent_at is not null or dropped_at is not null;

-- A digest is sent when its notices are: they reached the mentor inside it.
create function public.outbox_digest_sent()
returns trigger
language plpgsql
set search_path = public
as $$
begin
  update outbox set sent_at = new.sent_at where digest_id = new.id and sent_at is null;
  return null;
end
$$;
create trigger outbox_digest_sent after update of sent_at on public.outbox
for each row when (new.kind = 'lead-digest' and new.sent_at is not null and old.sent_at is null)
execute function public.outbox_digest_sent();

-- claim_outbox as in 20261123000200_abuse_resistance.sql (priority, lease, 10 per address per hour,
-- consultants exempt), except that:
--  - a lead notice over the cap is held for the next digest instead of dropped;
--  - a digest is exempt from the cap (at most one per address per p_digest_every, see below) and is
--    returned with its notices' messages in message.notices (oldest first), read at claim time so a
--    notice erased meanwhile (LGPD) is not sent;
--  - a message's secrets come back in message.secrets, and a message out of attempts loses them.
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
  where o.secrets is not null and o.sent_at is null and o.attempts >= p_max_attempts
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
    if r.okind <> 'lead-digest' and v_recent >= c_per_address_per_hour
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

-- Gathers each address's held lead notices into one new digest message, unless that address was sent a
-- digest less than p_every_seconds ago (then they wait for the next one). p_digest: the digest's
-- message without its recipient ({subject, text}, written by the application); returns how many
-- digests were queued. The notices stay rows of their own, so the LGPD export and erasure of one lead
-- never touch another lead's notice.
create function public.digest_held_notices(p_now timestamptz, p_every_seconds integer, p_digest jsonb)
returns integer
language plpgsql
set search_path = public
as $$
declare
  r record;
  v_digest uuid;
  v_count integer := 0;
begin
  for r in
    select lower(o.message->>'to') as addr, min(o.message->>'to') as to_address from outbox o
    where o.held_at is not null and o.digest_id is null and o.sent_at is null
    group by lower(o.message->>'to')
  loop
    perform pg_advisory_xact_lock(hashtextextended('outbox_to:' || coalesce(r.addr, ''), 0));
    continue when exists (select 1 from outbox d where d.kind = 'lead-digest' and lower(d.message->>'to') = r.addr
      and d.created_at > p_now - make_interval(secs => p_every_seconds));
    insert into outbox (kind, message, created_at, next_attempt_at)
    values ('lead-digest', p_digest || jsonb_build_object('to', r.to_address), p_now, p_now)
    returning id into v_digest;
    update outbox o set digest_id = v_digest
    where o.held_at is not null and o.digest_id is null and o.sent_at is null and lower(o.message->>'to') = r.addr;
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$$;

-- 5. LGPD: an export lists the person's own messages with their bodies as stored (no working link, see
--    3) and, for a message written to someone else (the consultant's invite, the mentor's notice), only
--    what it was and when: the person's data in it is in the export's leads already, and the other
--    reader's links and words are not the person's.
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
            (to_jsonb(m) - 'idempotency_key' - 'lead_id' - 'preseller_id') || jsonb_build_object('preseller_name', p.name)
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

revoke all on function public.digest_held_notices(timestamptz, integer, jsonb) from public, anon, authenticated;
revoke all on function public.claim_outbox(timestamptz, integer, integer, integer) from public, anon, authenticated;
revoke all on function public.outbox_keep_secrets_apart() from public, anon, authenticated;
revoke all on function public.outbox_digest_sent() from public, anon, authenticated;
grant execute on function public.digest_held_notices(timestamptz, integer, jsonb) to service_role;
grant execute on function public.claim_outbox(timestamptz, integer, integer, integer) to service_role;
