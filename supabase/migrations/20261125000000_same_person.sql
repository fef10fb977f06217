-- Hardening (issue 23), part 1: one person is one person whatever the spelling of their address, and a
-- meeting can be moved only so often. Part 2 (20261125000100_outbox_hardening.sql): the outbox.

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

-- Pure and reading nothing, it stays executable by every role, like is_time_zone_name: an index
-- expression calls it on every insert, whoever inserts.
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
