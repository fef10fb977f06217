-- Booking trust (issue 22): where each consultant's meetings happen, the lead's own time zone, the
-- qualifying answers and the room in the meeting details, and one upcoming meeting per person detected
-- as early as the lead form (no calendar, no second "Novo lead" mail for the mentor).

-- 1. The consultant's video room (their Meet/Zoom/Teams link); null: the consultant calls the lead.
--    Mirrors isRoomUrl (src/domain/meeting-location.ts): https, a host, no credentials, at most 500
--    characters. The CLI validates with isRoomUrl first; this check is the last line.
alter table public.presellers add column room_url text
  constraint presellers_room_url check (room_url is null or (
    char_length(room_url) <= 500 and room_url ~ '^https://[^/?#@[:space:]]+([/?#][^[:space:]]*)?$'));

-- 2. The lead's IANA time zone (from the browser at booking), for the local time in the lead's mails.
--    The pattern mirrors TIME_ZONE_PATTERN (src/domain/scheduling/zone.ts); a test runs every zone
--    Intl knows through both. is_time_zone_name stays executable by every role (pure, reads nothing):
--    a CHECK constraint calls it on every insert, whoever inserts.
create function public.is_time_zone_name(p_value text)
returns boolean
language sql immutable
set search_path = public
as $$
  select p_value is not null and char_length(p_value) <= 64
    and p_value ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$';
$$;

alter table public.meetings add column lead_time_zone text
  constraint meetings_lead_time_zone check (lead_time_zone is null or is_time_zone_name(lead_time_zone));

-- 3. One rule for "this person has an upcoming meeting": a scheduled meeting, not yet over at p_now,
--    of any lead with this email in any case; the earliest when several. Used by create_lead,
--    book_meeting and upcoming_meeting_of_lead, so the lead form and the booking never disagree.
create function public.upcoming_meeting_id(p_email text, p_now timestamptz)
returns uuid
language sql stable
set search_path = public
as $$
  select m.id from meetings m join leads l on l.id = m.lead_id
  where lower(l.email) = lower(p_email) and m.status = 'scheduled' and m.ends_at > p_now
  order by m.starts_at, m.id
  limit 1;
$$;

-- The upcoming meeting of the person behind a lead id (POST /api/manage-link); null for an unknown lead.
create function public.upcoming_meeting_of_lead(p_lead_id uuid, p_now timestamptz)
returns uuid
language sql stable
set search_path = public
as $$
  select upcoming_meeting_id(l.email, coalesce(p_now, now())) from leads l where l.id = p_lead_id;
$$;

-- create_lead as before (created / duplicate / mismatch / limited, unchanged), plus out_upcoming: the
-- email already holds an upcoming meeting (at p_lead->>'now', the application's clock, else now()).
-- Such a lead is stored without its outbox messages: the mentor was told about this person already.
-- A duplicate reports it too, as it stands now.
drop function public.create_lead(jsonb, jsonb);
create function public.create_lead(p_lead jsonb, p_outbox jsonb default '[]')
returns table (out_id uuid, out_created boolean, out_status text, out_upcoming boolean)
language plpgsql
set search_path = public
as $$
declare
  c_leads_per_email_per_hour constant integer := 5;
  v_key text := p_lead->>'idempotency_key';
  v_hash text := p_lead->>'request_hash';
  v_email text := lower(p_lead->>'email');
  v_now timestamptz := coalesce((p_lead->>'now')::timestamptz, now());
  v_id uuid;
  v_prev_hash text;
  v_prev_email text;
  v_upcoming boolean;
begin
  -- One request per email at a time, so concurrent requests cannot all pass the hourly count.
  perform pg_advisory_xact_lock(hashtextextended('create_lead:' || coalesce(v_email, ''), 0));

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

    if (select count(*) from leads l where lower(l.email) = v_email and l.created_at > now() - interval '1 hour')
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
  v_upcoming := upcoming_meeting_id(v_email, v_now) is not null;
  if not v_upcoming then
    insert into outbox (kind, message)
    select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  end if;
  return query select v_id, true, 'created'::text, v_upcoming;
end
$$;

-- book_meeting as before, storing the lead's time zone (p_meeting->>'lead_time_zone'; anything that is
-- not a zone name is stored as null rather than failing the booking), with the upcoming rule above.
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
  select lower(l.email) into v_email from leads l where l.id = (p_meeting->>'lead_id')::uuid;
  if v_email is not null then
    -- One upcoming meeting per person (this lead, or any lead with the same email in any case).
    -- Bookings of one email queue here, so the check below sees any booking committed before it.
    perform pg_advisory_xact_lock(20261123, hashtext(v_email));
  end if;
  -- One booking per consultant at a time (see 20261123000300_booking_lifecycle.sql for why); lock
  -- order is always email → consultant.
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

-- Everything the manage page, the booking answer and the lifecycle mails need about one meeting: now
-- with the lead's qualifying answers (the consultant's mails list them), the lead's time zone and the
-- consultant's room. New columns go last so positional readers of the old ones keep working.
drop function public.meeting_by_token(text);
drop function public.meeting_details(uuid);
create function public.meeting_details(p_meeting_id uuid)
returns table (id uuid, service text, starts_at timestamptz, ends_at timestamptz, status text, sequence integer,
  cancelled_by text, preseller_id uuid, preseller_name text, preseller_email text,
  lead_id uuid, lead_nome text, lead_email text, lead_empresa text, lead_cnpj text, lead_telefone text,
  lead_cargo text, lead_faturamento text, lead_vendedores text, lead_segmento text, lead_outro_segmento text,
  lead_modelo_negocio text, lead_time_zone text, preseller_room_url text)
language sql stable
set search_path = public
as $$
  select m.id, m.service, m.starts_at, m.ends_at, m.status, m.sequence, m.cancelled_by,
    p.id, p.name, p.email, l.id, l.nome, l.email, l.empresa, l.cnpj, l.telefone,
    l.cargo, l.faturamento, l.vendedores, l.segmento, l.outro_segmento, l.modelo_negocio, m.lead_time_zone, p.room_url
  from meetings m join presellers p on p.id = m.preseller_id join leads l on l.id = m.lead_id
  where m.id = p_meeting_id;
$$;

-- The meeting a manage token opens, and whose token it is; nothing for an unknown or revoked token.
create function public.meeting_by_token(p_token_hash text)
returns table (actor text, id uuid, service text, starts_at timestamptz, ends_at timestamptz, status text, sequence integer,
  cancelled_by text, preseller_id uuid, preseller_name text, preseller_email text,
  lead_id uuid, lead_nome text, lead_email text, lead_empresa text, lead_cnpj text, lead_telefone text,
  lead_cargo text, lead_faturamento text, lead_vendedores text, lead_segmento text, lead_outro_segmento text,
  lead_modelo_negocio text, lead_time_zone text, preseller_room_url text)
language sql stable
set search_path = public
as $$
  select t.actor, d.* from meeting_tokens t cross join lateral meeting_details(t.meeting_id) d
  where t.token_hash = p_token_hash and t.revoked_at is null;
$$;

-- The mentor's commands, as in 20261123000400_consultant_availability.sql, plus 'room' (p: email, url;
-- url null = a phone call) and each consultant's room in 'list' (the team sees it; the public never).
create or replace function public.consultant_admin(p_action text, p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_id uuid;
begin
  if p_action = 'list' then
    return jsonb_build_object('status', 'ok', 'consultants', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', c.name, 'email', c.email, 'active', c.active,
        'hours', coalesce((select jsonb_agg(jsonb_build_object('weekday', h.weekday,
            'start', to_char(h.starts_at, 'HH24:MI'), 'end', to_char(h.ends_at, 'HH24:MI')) order by h.weekday, h.starts_at)
          from preseller_hours h where h.preseller_id = c.id), '[]'::jsonb),
        'feed', (select jsonb_build_object('status', f.status, 'error_code', f.error_code, 'synced_at', f.synced_at)
          from calendar_feeds f where f.preseller_id = c.id),
        'agenda_link', c.agenda_token_hash is not null,
        'room_url', c.room_url
      ) order by c.name)
      from presellers c), '[]'::jsonb));
  end if;

  if p_action = 'add' then
    if exists (select 1 from presellers where lower(email) = lower(p->>'email')) then
      return jsonb_build_object('status', 'exists');
    end if;
    insert into presellers (name, email) values (p->>'name', p->>'email');
    return jsonb_build_object('status', 'ok');
  end if;

  select id into v_id from presellers where lower(email) = lower(p->>'email');
  if v_id is null then
    return jsonb_build_object('status', 'unknown_consultant');
  end if;

  if p_action = 'deactivate' then
    update presellers set active = false where id = v_id;
  elsif p_action = 'hours' then
    delete from preseller_hours where preseller_id = v_id;
    insert into preseller_hours (preseller_id, weekday, starts_at, ends_at)
    select v_id, (r->>'weekday')::smallint, (r->>'start')::time, (r->>'end')::time
    from jsonb_array_elements(p->'hours') r;
  elsif p_action = 'off' then
    insert into preseller_time_off (preseller_id, starts_at, ends_at, reason)
    values (v_id, (p->>'from')::timestamptz, (p->>'to')::timestamptz, nullif(p->>'reason', ''));
  elsif p_action = 'feed' then
    if p->>'url' is null then
      delete from calendar_feeds where preseller_id = v_id;
    else
      insert into calendar_feeds (preseller_id, url) values (v_id, p->>'url')
      on conflict (preseller_id) do update set url = excluded.url, status = 'pending', error_code = null,
        synced_at = null, attempted_at = null;
      delete from calendar_busy where preseller_id = v_id;
    end if;
  elsif p_action = 'room' then
    update presellers set room_url = p->>'url' where id = v_id;
  elsif p_action = 'agenda-token' then
    if not coalesce((p->>'rotate')::boolean, false)
       and exists (select 1 from presellers where id = v_id and agenda_token_hash is not null) then
      return jsonb_build_object('status', 'exists');
    end if;
    update presellers set agenda_token_hash = p->>'hash' where id = v_id;
  else
    raise exception 'unknown action' using errcode = '22023';
  end if;
  return jsonb_build_object('status', 'ok');
end
$$;

-- LGPD: export_person_data and delete_person_data need no change. The export takes every column of
-- the person's leads and meetings (to_jsonb), so meetings.lead_time_zone is in it; the erasure deletes
-- those rows whole. A consultant's room is the consultant's, not the lead's, data.

revoke all on function public.upcoming_meeting_id(text, timestamptz) from public, anon, authenticated;
revoke all on function public.upcoming_meeting_of_lead(uuid, timestamptz) from public, anon, authenticated;
revoke all on function public.create_lead(jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.meeting_details(uuid) from public, anon, authenticated;
revoke all on function public.meeting_by_token(text) from public, anon, authenticated;
grant execute on function public.upcoming_meeting_id(text, timestamptz) to service_role;
grant execute on function public.upcoming_meeting_of_lead(uuid, timestamptz) to service_role;
grant execute on function public.create_lead(jsonb, jsonb) to service_role;
grant execute on function public.meeting_details(uuid) to service_role;
grant execute on function public.meeting_by_token(text) to service_role;

-- Every mail about a meeting carries its reader's manage link, reschedules and cancellations included:
-- reschedule_meeting stores the new tokens whether or not the consultant changes (and still revokes the
-- previous consultant's links only when it does); cancel_meeting stores the tokens of its mails.
-- p_change: meeting_id, expected_sequence (the invites were built for it), preseller_id, starts_at,
-- ends_at, now, notice_minutes, idempotency_key, fingerprint, tokens (the links of the reschedule mails).
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

  if v_meeting.preseller_id <> (p_change->>'preseller_id')::uuid then
    -- A new consultant: the previous consultant's links stop working.
    update meeting_tokens set revoked_at = v_now
    where meeting_id = v_meeting.id and actor = 'consultant' and revoked_at is null;
  end if;
  -- The links of the "Reunião reagendada" mails: the lead's, and the (new or same) consultant's.
  perform add_meeting_tokens(v_meeting.id, p_change->'tokens');
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return query select 'rescheduled'::text, v_meeting.sequence + 1;
end
$$;

-- Cancels a meeting: its time is free at once (the exclusion constraint only counts scheduled rows).
-- p_cancel: meeting_id, expected_sequence, actor, reason, now, notice_minutes, tokens (the links of the cancellation mails).
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
  -- The links in the cancellation mails open the cancelled meeting (each reader's own).
  perform add_meeting_tokens(v_meeting.id, p_cancel->'tokens');
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return query select 'cancelled'::text, v_meeting.sequence + 1;
end
$$;

