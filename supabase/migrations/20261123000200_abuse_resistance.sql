-- Abuse resistance and data hygiene of the public API (leads, mail, LGPD requests).

-- 1. Idempotency with a fingerprint (as Stripe and the IETF Idempotency-Key draft do): each lead keeps
--    the SHA-256 of the request that created it (functions/lib/handlers/leads.ts computes it from the
--    validated values). The same key with another fingerprint is refused ('mismatch', HTTP 422) and
--    changes nothing. Leads stored before this migration have none and match any repeat of their key.
alter table public.leads add column request_hash text check (request_hash is null or request_hash ~ '^[0-9a-f]{64}$');

-- 2. The outbox: invites and cancellations are sent before notifications, and a message beyond the
--    hourly cap of its address is dropped (kept with dropped_at and last_error, never sent, never retried).
alter table public.outbox
  add column dropped_at timestamptz,
  -- 0: what a person waits for (invites, cancellations, reminders); 1: notifications to the team.
  add column priority smallint not null generated always as (case when kind like '%notification%' then 1 else 0 end) stored;
create index outbox_claim_idx on public.outbox (priority, next_attempt_at) where sent_at is null and dropped_at is null;
create index outbox_recipient_idx on public.outbox (lower(message->>'to'), sent_at);

-- Stores a lead once per idempotency key, with its notification messages, in one transaction.
-- out_status: 'created' | 'duplicate' (same key, same request) | 'mismatch' (same key, another request)
-- | 'limited' (this email already has 5 leads created within the last hour: HTTP 429). The limit lives
-- here, not in the function's memory, so it holds across every Netlify instance.
drop function public.create_lead(jsonb, jsonb);
create function public.create_lead(p_lead jsonb, p_outbox jsonb default '[]')
returns table (out_id uuid, out_created boolean, out_status text)
language plpgsql
set search_path = public
as $$
declare
  c_leads_per_email_per_hour constant integer := 5;
  v_key text := p_lead->>'idempotency_key';
  v_hash text := p_lead->>'request_hash';
  v_email text := lower(p_lead->>'email');
  v_id uuid;
  v_prev_hash text;
begin
  -- One request per email at a time, so concurrent requests cannot all pass the hourly count.
  perform pg_advisory_xact_lock(hashtextextended('create_lead:' || coalesce(v_email, ''), 0));

  for attempt in 1..2 loop
    select l.id, l.request_hash into v_id, v_prev_hash from leads l where l.idempotency_key = v_key;
    if v_id is not null then
      if v_prev_hash is not null and v_hash is distinct from v_prev_hash then
        return query select null::uuid, false, 'mismatch'::text;
      else
        return query select v_id, false, 'duplicate'::text;
      end if;
      return;
    end if;
    exit when attempt = 2;

    if (select count(*) from leads l where lower(l.email) = v_email and l.created_at > now() - interval '1 hour')
        >= c_leads_per_email_per_hour then
      return query select null::uuid, false, 'limited'::text;
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
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return query select v_id, true, 'created'::text;
end
$$;

-- A returning lead keeps its consultant by email (any case) only. A CNPJ is public data: matching on it
-- would hand anyone who types a company's CNPJ that company's consultant, and reveal who they met.
drop function public.previous_preseller(text, text);
create function public.previous_preseller(p_email text)
returns uuid
language sql stable
set search_path = public
as $$
  select m.preseller_id from meetings m join leads l on l.id = m.lead_id
  where m.status = 'scheduled' and lower(l.email) = lower(p_email)
  order by m.created_at desc
  limit 1;
$$;

-- Hands out due messages to one sender at a time (skip locked, lease of p_lock_seconds): invites and
-- cancellations first (priority), then the oldest due. An address that was sent 10 messages in the last
-- hour (sent, or leased to a sender right now) gets no more: the message is marked dropped and returned
-- with dropped = true so the sender logs it. Consultants' own addresses are exempt: each of their invites
-- comes from a booking, which has its own limits. The per-address lock makes concurrent senders count
-- each other's leases.
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
  for r in
    select o.id as oid, lower(o.message->>'to') as addr from outbox o
    where o.sent_at is null and o.dropped_at is null and o.next_attempt_at <= p_now and o.attempts < p_max_attempts
      and (o.locked_until is null or o.locked_until <= p_now)
    order by o.priority, o.next_attempt_at, o.created_at
    limit p_limit
    for update skip locked
  loop
    perform pg_advisory_xact_lock(hashtextextended('outbox_to:' || coalesce(r.addr, ''), 0));
    select count(*) into v_recent from outbox s
    where lower(s.message->>'to') = r.addr and s.id <> r.oid and s.dropped_at is null
      and (s.sent_at > p_now - interval '1 hour' or (s.sent_at is null and s.locked_until > p_now));
    if v_recent >= c_per_address_per_hour and not exists (select 1 from presellers p where lower(p.email) = r.addr) then
      return query
        update outbox o set dropped_at = p_now, locked_until = null, last_error = 'recipient_hourly_limit'
        where o.id = r.oid
        returning o.id, o.kind, o.message, o.attempts, true;
    else
      return query
        update outbox o set locked_until = p_now + make_interval(secs => p_lock_seconds), attempts = o.attempts + 1
        where o.id = r.oid
        returning o.id, o.kind, o.message, o.attempts, false;
    end if;
  end loop;
end
$$;

-- LGPD: the outbox messages about one person, matched the way they are written
-- (functions/lib/mail/messages.ts): sent to their email, or quoting one of their lead or meeting ids
-- (the lead notification and the consultant's invite).
create function public.person_message_ids(p_email text)
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
    or exists (select 1 from ids where position(ids.id in coalesce(o.message->>'text', '')) > 0);
$$;

-- The person's leads (every column but the technical key and fingerprint), each with its meetings and
-- the consultant's name, oldest first; and every stored message about them (sent, waiting or dropped).
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
          'message', o.message)
        order by o.created_at, o.id), '[]'::jsonb)
      from outbox o
      where o.id in (select person_message_ids(p_email))));
$$;

-- Deletes the person's meetings, leads and every outbox message about them, in one transaction, and
-- returns the counts. Sent messages go too: they still hold a copy of the personal data. (The .eml
-- copies written without SMTP are files: scripts/data-subject.mjs removes those.)
create or replace function public.delete_person_data(p_email text)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_email text := lower(trim(p_email));
  v_leads uuid[];
  v_outbox integer;
  v_meetings integer;
  v_deleted_leads integer;
begin
  if v_email is null or position('@' in v_email) < 2 then
    raise exception 'delete_person_data: an email address is required' using errcode = '22023';
  end if;
  -- Locking the leads first makes a concurrent booking for them wait, then fail on the foreign key,
  -- instead of slipping a meeting (and its invites) in between the deletes below.
  v_leads := array(select l.id from leads l where lower(l.email) = v_email order by l.id for update);

  delete from outbox o where o.id in (select person_message_ids(v_email));
  get diagnostics v_outbox = row_count;
  delete from meetings m where m.lead_id = any(v_leads);
  get diagnostics v_meetings = row_count;
  delete from leads l where l.id = any(v_leads);
  get diagnostics v_deleted_leads = row_count;

  return jsonb_build_object('leads', v_deleted_leads, 'meetings', v_meetings, 'outbox', v_outbox);
end
$$;

revoke all on function public.create_lead(jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.previous_preseller(text) from public, anon, authenticated;
revoke all on function public.claim_outbox(timestamptz, integer, integer, integer) from public, anon, authenticated;
revoke all on function public.person_message_ids(text) from public, anon, authenticated;
revoke all on function public.export_person_data(text) from public, anon, authenticated;
revoke all on function public.delete_person_data(text) from public, anon, authenticated;
grant execute on function public.create_lead(jsonb, jsonb) to service_role;
grant execute on function public.previous_preseller(text) to service_role;
grant execute on function public.claim_outbox(timestamptz, integer, integer, integer) to service_role;
grant execute on function public.person_message_ids(text) to service_role;
grant execute on function public.export_person_data(text) to service_role;
grant execute on function public.delete_person_data(text) to service_role;
