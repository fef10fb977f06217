-- Attribution, RD Station conversions and signed webhooks (issue 20).
-- 1. The lead keeps where it came from (first and last touch: campaign parameters, click ids, the
--    referring host and the landing path, as the browser kept them; src/domain/attribution.ts checks and
--    caps them) and a separate, unticked-by-default e-mail marketing opt-in with its time (the database's
--    clock, like the privacy consent).
-- 2. Integration events are written by triggers, so every writer (the functions, the console, the seed,
--    the data-subject command) emits them alike, in the transaction that made the fact: one outbox row per
--    event and target (kind 'rd' or 'webhook'), with a snapshot of the lead and meeting as they were.
--    Nothing is queued for a target that is not enabled: the functions enable a target when its settings
--    are present (integration_configure, called once per process by functions/lib/app.ts).
-- 3. The mail drain (claim_outbox) leaves these rows to integration_claim; their outcome is recorded by
--    integration_result (sent / retry / failed / pause), resent by integration_resend and listed per lead
--    by integration_deliveries.

alter table public.leads
  -- A backstop twice the largest touch the form's caps allow (src/domain/attribution.ts keeps it under 4000).
  add column first_touch jsonb constraint leads_first_touch check (first_touch is null or (jsonb_typeof(first_touch) = 'object' and octet_length(first_touch::text) <= 8000)),
  add column last_touch jsonb constraint leads_last_touch check (last_touch is null or (jsonb_typeof(last_touch) = 'object' and octet_length(last_touch::text) <= 8000)),
  add column marketing_opt_in boolean not null default false,
  add column marketing_opt_in_at timestamptz,
  add constraint leads_marketing_opt_in check (marketing_opt_in = (marketing_opt_in_at is not null));

-- create_lead as in 20261127000100_lead_routing.sql, plus first_touch, last_touch and marketing_opt_in.
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
      vendedores, segmento, outro_segmento, modelo_negocio, origem, consent_at, privacy_policy_version,
      servico, routing_rule, routing_kind, first_touch, last_touch, marketing_opt_in, marketing_opt_in_at)
    values ((p_lead->>'id')::uuid, v_key, v_hash, p_lead->>'nome', p_lead->>'email',
      p_lead->>'telefone', p_lead->>'empresa', p_lead->>'cnpj', p_lead->>'cargo', p_lead->>'faturamento',
      p_lead->>'vendedores', p_lead->>'segmento', p_lead->>'outro_segmento', p_lead->>'modelo_negocio',
      p_lead->>'origem', now(), p_lead->>'privacy_policy_version',
      p_lead->>'servico', p_lead->>'routing_rule', p_lead->>'routing_kind',
      nullif(p_lead->'first_touch', 'null'::jsonb), nullif(p_lead->'last_touch', 'null'::jsonb),
      coalesce((p_lead->>'marketing_opt_in')::boolean, false),
      case when coalesce((p_lead->>'marketing_opt_in')::boolean, false) then now() end)
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

-- Which outbox rows are integration deliveries rather than mail.
create function public.outbox_is_integration(p_kind text)
returns boolean
language sql immutable
set search_path = public
as $$
  select p_kind in ('rd', 'webhook');
$$;

-- claim_outbox as in 20261126000000_painel.sql, leaving the integration rows to integration_claim.
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
      and not outbox_is_integration(o.kind)
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
-- The targets. enabled: its settings are present in the functions' environment. config_hash: a hash of
-- those settings, so a new key or URL lifts a pause. paused_at/paused_status: RD answered 401/403 (the
-- key is refused) or the webhook endpoint answered 410 (gone): nothing of that target is sent until the
-- settings change or someone presses "Reenviar"; rows keep being queued meanwhile, so nothing is lost.
create table public.integration_targets (
  target text primary key check (outbox_is_integration(target)),
  enabled boolean not null default false,
  config_hash text,
  paused_at timestamptz,
  paused_status integer,
  updated_at timestamptz not null default now()
);
alter table public.integration_targets enable row level security;
insert into public.integration_targets (target) values ('rd'), ('webhook');

alter table public.outbox
  -- The event's name: an RD conversion_identifier or a webhook type.
  add column event text,
  -- At most one row per key: 'rd:<conversion>:<lead id>' (once per lead and conversion), and one per fact
  -- for webhooks ('webhook:<event>:<meeting_events or meeting_outcomes id>').
  add column once_key text,
  -- Refused for good (RD 400/415/422, a 3xx, an address not allowed): not retried unless resent.
  add column failed_at timestamptz,
  add column last_status integer,
  -- What the receiver answered that is worth keeping (RD's event_uuid).
  add column response jsonb;
create unique index outbox_once_idx on public.outbox (once_key) where once_key is not null;
create index outbox_integration_due_idx on public.outbox (next_attempt_at)
  where outbox_is_integration(kind) and sent_at is null and failed_at is null;

-- The snapshots the events carry (English keys; values are the form's identifiers, as stored).
create function public.integration_lead_json(l leads)
returns jsonb
language sql stable
set search_path = public
as $$
  select jsonb_build_object('id', l.id, 'created_at', l.created_at, 'name', l.nome, 'email', l.email, 'phone', l.telefone,
    'company', l.empresa, 'cnpj', l.cnpj, 'job_title', l.cargo, 'revenue', l.faturamento, 'sales_team', l.vendedores,
    'segment', l.segmento, 'other_segment', l.outro_segmento, 'business_model', l.modelo_negocio, 'service', l.servico,
    'origin', l.origem, 'routing_rule', l.routing_rule, 'marketing_opt_in', l.marketing_opt_in,
    'first_touch', l.first_touch, 'last_touch', l.last_touch);
$$;

create function public.integration_meeting_json(m meetings)
returns jsonb
language sql stable
set search_path = public
as $$
  select jsonb_build_object('id', m.id, 'lead_id', m.lead_id, 'service', m.service, 'starts_at', m.starts_at, 'ends_at', m.ends_at,
    'status', m.status,
    'consultant', (select jsonb_build_object('id', p.id, 'name', p.name, 'email', p.email, 'room_url', p.room_url)
                   from presellers p where p.id = m.preseller_id));
$$;

-- Queues one event for one target when that target is enabled; a second row with the same once_key is
-- not added. Due at once whatever the application's clock ('-infinity'); the drain's back-off sets later times.
create function public.integration_enqueue(p_target text, p_event text, p_once text, p_lead uuid, p_meeting uuid, p_data jsonb, p_at timestamptz)
returns void
language plpgsql
set search_path = public
as $$
begin
  if not exists (select 1 from integration_targets t where t.target = p_target and t.enabled) then
    return;
  end if;
  insert into outbox (kind, message, lead_id, meeting_id, event, once_key, next_attempt_at)
  values (p_target, jsonb_build_object('event', p_event, 'at', p_at, 'data', p_data), p_lead, p_meeting, p_event, p_once, '-infinity')
  on conflict (once_key) where once_key is not null do nothing;
end
$$;

create function public.integration_lead_created()
returns trigger
language plpgsql
set search_path = public
as $$
declare
  v_data jsonb := jsonb_build_object('lead', integration_lead_json(new));
begin
  perform integration_enqueue('webhook', 'lead.created', 'webhook:lead.created:' || new.id, new.id, null, v_data, new.created_at);
  perform integration_enqueue('rd', 'orcamento-site', 'rd:orcamento-site:' || new.id, new.id, null, v_data, new.created_at);
  return null;
end
$$;
create trigger integration_lead_created after insert on public.leads
for each row execute function public.integration_lead_created();

-- A meeting's history row (meeting_history) is the fact: booked, moved (once per move, with the time it
-- had and who moved it) or cancelled (by whom, why).
create function public.integration_meeting_event()
returns trigger
language plpgsql
set search_path = public
as $$
declare
  v_meeting meetings%rowtype;
  v_lead leads%rowtype;
  v_data jsonb;
begin
  select * into v_meeting from meetings where id = new.meeting_id;
  select * into v_lead from leads where id = v_meeting.lead_id;
  v_data := jsonb_build_object('meeting', integration_meeting_json(v_meeting), 'lead', integration_lead_json(v_lead));
  if new.kind = 'booked' then
    perform integration_enqueue('webhook', 'meeting.booked', 'webhook:meeting.booked:' || new.id, v_lead.id, v_meeting.id, v_data, new.at);
    perform integration_enqueue('rd', 'reuniao-agendada', 'rd:reuniao-agendada:' || v_lead.id, v_lead.id, v_meeting.id, v_data, new.at);
  elsif new.kind = 'rescheduled' then
    perform integration_enqueue('webhook', 'meeting.rescheduled', 'webhook:meeting.rescheduled:' || new.id, v_lead.id, v_meeting.id,
      v_data || jsonb_build_object('previous_starts_at', new.from_starts_at, 'rescheduled_by', new.actor), new.at);
  elsif new.kind = 'cancelled' then
    perform integration_enqueue('webhook', 'meeting.cancelled', 'webhook:meeting.cancelled:' || new.id, v_lead.id, v_meeting.id,
      v_data || jsonb_build_object('cancelled_by', new.actor, 'reason', new.reason), new.at);
  end if;
  return null;
end
$$;
create trigger integration_meeting_event after insert on public.meeting_events
for each row execute function public.integration_meeting_event();

-- An outcome: the webhook for every one recorded; RD's "reuniao-realizada" once per lead, when the lead came.
-- The console's free-text note stays in the console.
create function public.integration_outcome()
returns trigger
language plpgsql
set search_path = public
as $$
declare
  v_meeting meetings%rowtype;
  v_lead leads%rowtype;
  v_data jsonb;
begin
  select * into v_meeting from meetings where id = new.meeting_id;
  select * into v_lead from leads where id = v_meeting.lead_id;
  v_data := jsonb_build_object('meeting', integration_meeting_json(v_meeting), 'lead', integration_lead_json(v_lead),
    'outcome', jsonb_build_object('attendance', new.attendance, 'qualified', new.qualified, 'recorded_at', new.recorded_at));
  perform integration_enqueue('webhook', 'meeting.outcome_recorded', 'webhook:meeting.outcome_recorded:' || new.id, v_lead.id, v_meeting.id, v_data, new.recorded_at);
  if new.attendance = 'attended' then
    perform integration_enqueue('rd', 'reuniao-realizada', 'rd:reuniao-realizada:' || v_lead.id, v_lead.id, v_meeting.id, v_data, new.recorded_at);
  end if;
  return null;
end
$$;
create trigger integration_outcome after insert on public.meeting_outcomes
for each row execute function public.integration_outcome();

-- The history records who moved a meeting: reschedule_meeting names the actor for its transaction.
create or replace function public.meeting_history()
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
    insert into meeting_events (meeting_id, at, kind, from_starts_at, to_starts_at, actor)
    values (new.id, new.time_set_at, 'rescheduled', old.starts_at, new.starts_at, nullif(current_setting('app.meeting_actor', true), ''));
  end if;
  return null;
end
$$;

-- reschedule_meeting as in 20261127000000_routing.sql, naming who moves the meeting (p_change.actor).
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
$$;
-- delete_person_data as in 20261123000200_abuse_resistance.sql; the person's deliveries (sent or not) go
-- with their other messages, and the webhook receiver is told to erase too: 'lead.erased' carries only
-- the ids of the leads erased, which every earlier event named.
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
  if v_deleted_leads > 0 then
    perform integration_enqueue('webhook', 'lead.erased', null, null, null,
      jsonb_build_object('lead_ids', to_jsonb(v_leads)), now());
  end if;

  return jsonb_build_object('leads', v_deleted_leads, 'meetings', v_meetings, 'outbox', v_outbox);
end
$$;

-- p: { targets: { rd: { enabled, hash }, webhook: { enabled, hash } }, now }. A changed hash (new key or URL)
-- lifts that target's pause. Answers the targets' state.
create function public.integration_configure(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_now timestamptz := coalesce((p->>'now')::timestamptz, now());
  r record;
begin
  for r in select key as target, value as conf from jsonb_each(coalesce(p->'targets', '{}'::jsonb)) loop
    update integration_targets t set
      enabled = coalesce((r.conf->>'enabled')::boolean, false),
      paused_at = case when t.config_hash is distinct from r.conf->>'hash' then null else t.paused_at end,
      paused_status = case when t.config_hash is distinct from r.conf->>'hash' then null else t.paused_status end,
      config_hash = r.conf->>'hash',
      updated_at = v_now
    where t.target = r.target
      and (t.enabled is distinct from coalesce((r.conf->>'enabled')::boolean, false) or t.config_hash is distinct from r.conf->>'hash');
  end loop;
  return (select jsonb_object_agg(t.target, jsonb_build_object('enabled', t.enabled, 'paused', t.paused_at is not null))
          from integration_targets t);
end
$$;

-- p: { now, limit, lock_seconds, max_attempts, targets }. Leases due deliveries of enabled, unpaused targets
-- (attempts counted), oldest first, so two drains never send one event at the same time.
create function public.integration_claim(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_rows jsonb;
begin
  with due as (
    select o.id from outbox o
    join integration_targets t on t.target = o.kind and t.enabled and t.paused_at is null
    where outbox_is_integration(o.kind) and o.sent_at is null and o.failed_at is null
      -- Only the targets this process has settings for: another one's rows wait for a process that can send them.
      and o.kind in (select jsonb_array_elements_text(coalesce(p->'targets', '[]'::jsonb)))
      and o.next_attempt_at <= v_now and o.attempts < (p->>'max_attempts')::integer
      and (o.locked_until is null or o.locked_until <= v_now)
    order by o.next_attempt_at, o.created_at
    limit (p->>'limit')::integer
    for update of o skip locked
  ), claimed as (
    update outbox o set locked_until = v_now + make_interval(secs => (p->>'lock_seconds')::integer), attempts = o.attempts + 1
    from due where o.id = due.id
    returning o.id, o.kind, o.event, o.message, o.attempts, o.created_at
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'target', c.kind, 'event', c.event, 'message', c.message,
    'attempts', c.attempts, 'created_at', c.created_at) order by c.created_at), '[]'::jsonb) into v_rows from claimed c;
  return v_rows;
end
$$;

-- The mentor's alert about a target (a mail: { to, subject, text, html }), with its reason in `event`
-- ('paused:rd', 'failed:webhook'…). A pause alerts every time it starts; failures alert at most once a day
-- per target (one missing RD custom field fails every conversion: one mail says so, the painel lists them).
create function public.integration_alert(p_target text, p_reason text, p_alert jsonb, p_now timestamptz)
returns boolean
language plpgsql
set search_path = public
as $$
begin
  if jsonb_typeof(p_alert) <> 'object' then
    return false;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('integration_alert:' || p_target, 0));
  if p_reason = 'failed' and exists (select 1 from outbox o where o.kind = 'integration-alert'
      and o.event = 'failed:' || p_target and o.created_at > p_now - interval '24 hours') then
    return false;
  end if;
  insert into outbox (kind, message, event, created_at, next_attempt_at) values ('integration-alert', p_alert, p_reason || ':' || p_target, p_now, p_now);
  return true;
end
$$;

-- p: { id, now, outcome, status, error, response, next_attempt_at, max_attempts, alert }. outcome:
--   'sent'  → sent_at, the response kept (RD's event_uuid);
--   'retry' → due again at next_attempt_at (given up by integration_claim after max_attempts: the last
--             one alerts like a refusal);
--   'failed'→ refused for good, not retried unless resent; the mentor's alert, at most once a day per target;
--   'pause' → the whole target waits (RD 401/403, webhook 410); this attempt is not counted, and the
--             mentor's alert (a mail: { to, subject, text, html }) is queued only by the pause that starts it.
-- Answers { status: 'ok' | 'missing', alerted }.
create function public.integration_result(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_row outbox%rowtype;
  v_alerted boolean := false;
begin
  select * into v_row from outbox o where o.id = (p->>'id')::uuid and outbox_is_integration(o.kind) for update;
  if not found then
    -- Erased meanwhile (LGPD): nothing to record.
    return jsonb_build_object('status', 'missing', 'alerted', false);
  end if;
  if p->>'outcome' = 'sent' then
    update outbox set sent_at = v_now, locked_until = null, last_status = (p->>'status')::integer, last_error = null,
      response = nullif(p->'response', 'null'::jsonb)
    where id = v_row.id;
  elsif p->>'outcome' = 'retry' then
    update outbox set next_attempt_at = (p->>'next_attempt_at')::timestamptz, locked_until = null,
      last_status = (p->>'status')::integer, last_error = left(p->>'error', 500)
    where id = v_row.id;
    -- That was its last attempt: it is failed now, and the mentor hears of it like of a refusal.
    if v_row.attempts >= (p->>'max_attempts')::integer then
      v_alerted := integration_alert(v_row.kind, 'failed', p->'alert', v_now);
    end if;
  elsif p->>'outcome' = 'failed' then
    update outbox set failed_at = v_now, locked_until = null, last_status = (p->>'status')::integer,
      last_error = left(p->>'error', 500), response = nullif(p->'response', 'null'::jsonb)
    where id = v_row.id;
    v_alerted := integration_alert(v_row.kind, 'failed', p->'alert', v_now);
  elsif p->>'outcome' = 'pause' then
    update outbox set attempts = greatest(attempts - 1, 0), locked_until = null, next_attempt_at = v_now,
      last_status = (p->>'status')::integer, last_error = left(p->>'error', 500)
    where id = v_row.id;
    update integration_targets set paused_at = v_now, paused_status = (p->>'status')::integer, updated_at = v_now
    where target = v_row.kind and paused_at is null;
    if found then
      v_alerted := integration_alert(v_row.kind, 'paused', p->'alert', v_now);
    end if;
  else
    raise exception 'integration_result: unknown outcome' using errcode = '22023';
  end if;
  return jsonb_build_object('status', 'ok', 'alerted', v_alerted);
end
$$;

-- p: { id, now }. "Reenviar": a delivery not sent is due again with fresh attempts; when it was waiting behind
-- its target's pause, the pause is lifted (the mentor fixed the key or the endpoint). Answers
-- { status: 'ok' | 'missing' | 'sent' }.
create function public.integration_resend(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_row outbox%rowtype;
begin
  select * into v_row from outbox o where o.id = (p->>'id')::uuid and outbox_is_integration(o.kind) for update;
  if not found then
    return jsonb_build_object('status', 'missing');
  end if;
  if v_row.sent_at is not null then
    return jsonb_build_object('status', 'sent');
  end if;
  update outbox set failed_at = null, attempts = 0, next_attempt_at = v_now, locked_until = null where id = v_row.id;
  -- A row that waited behind the pause lifts it; one refused for its own reason (failed) does not.
  if v_row.failed_at is null then
    update integration_targets set paused_at = null, paused_status = null, updated_at = v_now where target = v_row.kind;
  end if;
  return jsonb_build_object('status', 'ok', 'target', v_row.kind);
end
$$;

-- Where a delivery stands, the one rule for the lead's page (integration_deliveries) and the leads filter
-- (painel_leads): 'sent', 'failed' (refused, or attempts used up), 'paused' (its target paused), 'retrying'
-- (an attempt failed, another is due at next_attempt_at), 'pending' (not tried yet). A plain expression
-- without `set search_path`, so the planner inlines it into the queries that call it.
create function public.integration_status(p_sent_at timestamptz, p_failed_at timestamptz, p_attempts integer, p_paused boolean, p_max_attempts integer)
returns text
language sql immutable
as $$
  select case
    when p_sent_at is not null then 'sent'
    when p_failed_at is not null or p_attempts >= p_max_attempts then 'failed'
    when p_paused then 'paused'
    when p_attempts > 0 then 'retrying'
    else 'pending' end;
$$;

-- p: { lead_id, max_attempts }. The lead's deliveries, oldest first, each with where it stands (integration_status).
create function public.integration_deliveries(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', o.id, 'target', o.kind, 'event', o.event, 'createdAt', o.created_at,
      'status', integration_status(o.sent_at, o.failed_at, o.attempts, t.paused_at is not null, (p->>'max_attempts')::integer),
      'attempts', o.attempts, 'sentAt', o.sent_at, 'failedAt', o.failed_at,
      'nextAttemptAt', case when o.sent_at is null and o.failed_at is null and o.attempts > 0 then o.next_attempt_at end,
      'lastStatus', o.last_status, 'lastError', o.last_error, 'eventUuid', o.response->>'event_uuid')
    order by o.created_at, o.id), '[]'::jsonb)
  from outbox o
  left join integration_targets t on t.target = o.kind
  where o.lead_id = (p->>'lead_id')::uuid and outbox_is_integration(o.kind);
$$;

-- export_person_data as in 20261126000000_painel.sql; a delivery to RD or the webhook is listed by its
-- target and event (its payload is the person's data already in the export's leads).
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
          'message', case when outbox_is_integration(o.kind) then jsonb_build_object('target', o.kind, 'event', o.event)
            when lower(o.message->>'to') = lower(trim(p_email)) then o.message
            else jsonb_build_object('to', o.message->>'to', 'subject', o.message->>'subject') end)
        order by o.created_at, o.id), '[]'::jsonb)
      from outbox o
      where o.id in (select person_message_ids(p_email))));
$$;

revoke all on function public.outbox_is_integration(text) from public, anon, authenticated;
revoke all on function public.claim_outbox(timestamptz, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.claim_outbox(timestamptz, integer, integer, integer) to service_role;
revoke all on function public.integration_lead_json(leads) from public, anon, authenticated;
revoke all on function public.integration_meeting_json(meetings) from public, anon, authenticated;
revoke all on function public.integration_enqueue(text, text, text, uuid, uuid, jsonb, timestamptz) from public, anon, authenticated;
revoke all on function public.integration_lead_created() from public, anon, authenticated;
revoke all on function public.integration_meeting_event() from public, anon, authenticated;
revoke all on function public.integration_outcome() from public, anon, authenticated;
revoke all on function public.meeting_history() from public, anon, authenticated;
revoke all on function public.create_lead(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.create_lead(jsonb, jsonb) to service_role;
revoke all on function public.reschedule_meeting(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.reschedule_meeting(jsonb, jsonb) to service_role;
revoke all on function public.delete_person_data(text) from public, anon, authenticated;
grant execute on function public.delete_person_data(text) to service_role;
revoke all on function public.integration_alert(text, text, jsonb, timestamptz) from public, anon, authenticated;
revoke all on function public.integration_status(timestamptz, timestamptz, integer, boolean, integer) from public, anon, authenticated;
revoke all on function public.integration_configure(jsonb) from public, anon, authenticated;
revoke all on function public.integration_claim(jsonb) from public, anon, authenticated;
revoke all on function public.integration_result(jsonb) from public, anon, authenticated;
revoke all on function public.integration_resend(jsonb) from public, anon, authenticated;
revoke all on function public.integration_deliveries(jsonb) from public, anon, authenticated;
grant execute on function public.integration_configure(jsonb) to service_role;
grant execute on function public.integration_claim(jsonb) to service_role;
grant execute on function public.integration_result(jsonb) to service_role;
grant execute on function public.integration_resend(jsonb) to service_role;
grant execute on function public.integration_deliveries(jsonb) to service_role;

-- The mentor's alert that a target paused is one mail per pause: never held or dropped by the address cap.
create or replace function public.outbox_cap_exempt(p_kind text)
returns boolean
language sql immutable
set search_path = public
as $$
  select p_kind in ('lead-digest', 'painel-code', 'painel-pending-outcomes', 'integration-alert');
$$;
