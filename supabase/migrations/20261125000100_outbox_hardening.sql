-- Hardening (issue 23), part 2: the outbox. Stored mail keeps no working manage link; the mentor's lead
-- notices are held and digested, never dropped; the LGPD export holds only the person's own mail.

-- 1. Manage links are never kept in a stored body. The application replaces each token of a message
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

-- 2. The mentor's lead notices beyond the hourly cap are held (held_at), then sent together in one
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
  -- Among the unsent (outbox_claim_idx: sent and dropped rows lost their secrets when they became so).
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

-- 3. LGPD: an export lists the person's own messages with their bodies as stored (no working link, see
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
