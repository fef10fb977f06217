-- WhatsApp confirmations and reminders (Meta's Cloud API), measured against a held-out share of the
-- opted-in leads. The messages ride the outbox as rows of kind 'whatsapp' (their own loop and leases,
-- functions/lib/whatsapp/drain.ts); whatsapp_messages keeps one row per message with its last status.

-- The lead's opt-in, an LGPD record: when, and which wording it agreed to. whatsapp_group is drawn once,
-- at opt-in: 'holdout' leads get e-mail only (the experiment's control). whatsapp_stopped_at: the lead
-- replied "PARAR" or stopped it on the manage page; nothing more is sent to them.
alter table public.leads
  add column whatsapp_opt_in_at timestamptz,
  add column whatsapp_opt_in_version text constraint leads_whatsapp_opt_in_version
    check (whatsapp_opt_in_version is null or char_length(whatsapp_opt_in_version) between 1 and 40),
  add column whatsapp_group text constraint leads_whatsapp_group check (whatsapp_group in ('whatsapp', 'holdout')),
  add column whatsapp_stopped_at timestamptz,
  add constraint leads_whatsapp_opt_in check ((whatsapp_opt_in_at is null) = (whatsapp_group is null)
    and (whatsapp_opt_in_at is null) = (whatsapp_opt_in_version is null));

-- One row per message to send. status: pendente (queued) → enviado (Meta accepted it, wamid known) →
-- entregue → lido; falhou (Meta's reason in error_code/error_title); substituido_por_email (a failed
-- reminder whose e-mail went instead: fallback_outbox_id); pulado (never sent: stopped, too late, meeting
-- moved or cancelled). The order statuses may take is whatsapp_status_next's, and only there.
create table public.whatsapp_messages (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references public.leads (id) on delete cascade,
  meeting_id uuid references public.meetings (id) on delete cascade,
  kind text not null check (kind in ('confirmacao', 'lembrete_24h', 'lembrete_1h', 'reagendamento', 'cancelamento')),
  outbox_id uuid references public.outbox (id) on delete set null,
  wamid text unique check (wamid is null or char_length(wamid) between 1 and 200),
  status text not null default 'pendente'
    check (status in ('pendente', 'enviado', 'entregue', 'lido', 'falhou', 'substituido_por_email', 'pulado')),
  status_at timestamptz not null default now(),
  error_code integer,
  error_title text check (error_title is null or char_length(error_title) <= 300),
  fallback_outbox_id uuid references public.outbox (id) on delete set null,
  created_at timestamptz not null default now()
);
create index whatsapp_messages_meeting_idx on public.whatsapp_messages (meeting_id, created_at);
create index whatsapp_messages_lead_idx on public.whatsapp_messages (lead_id);
create unique index whatsapp_messages_outbox_idx on public.whatsapp_messages (outbox_id) where outbox_id is not null;
create index whatsapp_messages_created_idx on public.whatsapp_messages (created_at);
alter table public.whatsapp_messages enable row level security;

-- The one ordering rule. Statuses arrive in any order and more than once ('read' may come without
-- 'delivered'): the later stage wins, a repeat changes nothing. 'falhou' ends a message not yet
-- delivered (a failure reported after delivery or reading is not believed over them); the final
-- states (falhou, substituido_por_email, pulado) change only from falhou to substituido_por_email.
create function public.whatsapp_status_next(p_current text, p_incoming text)
returns text
language sql immutable
set search_path = ''
as $$
  select case
    when p_current = 'falhou' and p_incoming = 'substituido_por_email' then p_incoming
    when p_current in ('falhou', 'substituido_por_email', 'pulado') then p_current
    when p_incoming in ('falhou', 'pulado') then case when p_current in ('pendente', 'enviado') then p_incoming else p_current end
    when p_incoming not in ('enviado', 'entregue', 'lido') then p_current
    when array_position(array['pendente', 'enviado', 'entregue', 'lido'], p_incoming)
       > array_position(array['pendente', 'enviado', 'entregue', 'lido'], p_current) then p_incoming
    else p_current end;
$$;

-- A 'whatsapp' outbox row makes its message row, in the same transaction as the booking, move, cancel or
-- reminder that queued it (so every write that takes outbox messages queues WhatsApp too).
create function public.whatsapp_message_queued()
returns trigger
language plpgsql
set search_path = public
as $$
begin
  if new.lead_id is not null then
    insert into whatsapp_messages (lead_id, meeting_id, kind, outbox_id, status, status_at, created_at)
    values (new.lead_id, new.meeting_id, new.message->>'waKind', new.id, 'pendente', new.created_at, new.created_at);
  end if;
  return new;
end
$$;
create trigger whatsapp_message_queued after insert on public.outbox
for each row when (new.kind = 'whatsapp') execute function public.whatsapp_message_queued();

-- Leases the due WhatsApp rows (as integration_claim does for RD and webhooks). A row that must not go
-- any more is closed here as 'pulado' instead: its lead stopped, its send-by time passed (a late
-- reminder is dropped), or its meeting was cancelled or moved since (the move queues its own notice).
create function public.whatsapp_claim(p jsonb)
returns jsonb
language plpgsql
set search_path = public
set jit = 'off'
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_rows jsonb;
begin
  with late as (
    select o.id, case
        when l.whatsapp_stopped_at is not null or l.whatsapp_group is distinct from 'whatsapp' then 'parou'
        when (o.message->>'expiresAt')::timestamptz <= v_now then 'expirou'
        when o.message->>'waKind' like 'lembrete%' and not exists (select 1 from meetings m where m.id = o.meeting_id
          and m.status = 'scheduled' and m.starts_at = (o.message->>'startsAt')::timestamptz) then 'reuniao_mudou'
      end as reason
    from outbox o left join leads l on l.id = o.lead_id
    where o.kind = 'whatsapp' and o.sent_at is null and o.dropped_at is null and o.next_attempt_at <= v_now
      and (o.locked_until is null or o.locked_until <= v_now)
    for update of o skip locked
  ), dropped as (
    update outbox o set dropped_at = v_now, locked_until = null, last_error = late.reason
    from late where o.id = late.id and late.reason is not null
    returning o.id, late.reason
  )
  update whatsapp_messages w set status = whatsapp_status_next(w.status, 'pulado'), status_at = v_now, error_title = d.reason
  from dropped d where w.outbox_id = d.id;

  with due as (
    select o.id from outbox o
    where o.kind = 'whatsapp' and o.sent_at is null and o.dropped_at is null
      and o.next_attempt_at <= v_now and o.attempts < (p->>'max_attempts')::integer
      and (o.locked_until is null or o.locked_until <= v_now)
    order by o.next_attempt_at, o.created_at
    limit (p->>'limit')::integer
    for update of o skip locked
  ), claimed as (
    update outbox o set locked_until = v_now + make_interval(secs => (p->>'lock_seconds')::integer), attempts = o.attempts + 1
    from due where o.id = due.id
    returning o.id, o.message, o.secrets, o.attempts, o.created_at
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'attempts', c.attempts,
      'message', c.message || case when c.secrets is null then '{}'::jsonb else jsonb_build_object('secrets', c.secrets) end)
    order by c.created_at), '[]'::jsonb) into v_rows from claimed c;
  return v_rows;
end
$$;

-- What Meta answered to a send. outcome 'sent': accepted, the wamid kept; 'retry': try again at
-- next_attempt_at (given up as falhou after max_attempts); 'failed': refused for good (a number without
-- WhatsApp, a template not approved…). Answers whether the message now waits for its e-mail fallback.
create function public.whatsapp_result(p jsonb)
returns jsonb
language plpgsql
set search_path = public
set jit = 'off'
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_row outbox%rowtype;
  v_failed boolean;
  v_msg whatsapp_messages%rowtype;
begin
  select * into v_row from outbox o where o.id = (p->>'id')::uuid and o.kind = 'whatsapp' for update;
  if not found then
    return jsonb_build_object('found', false);
  end if;
  if p->>'outcome' = 'sent' then
    update outbox set sent_at = v_now, locked_until = null, last_error = null, last_status = 200 where id = v_row.id;
    update whatsapp_messages w set wamid = p->>'wamid', status = whatsapp_status_next(w.status, 'enviado'),
      status_at = case when whatsapp_status_next(w.status, 'enviado') = w.status then w.status_at else v_now end
    where w.outbox_id = v_row.id returning * into v_msg;
    return jsonb_build_object('found', true, 'fallback', false);
  end if;
  v_failed := p->>'outcome' = 'failed' or v_row.attempts >= (p->>'max_attempts')::integer;
  update outbox set locked_until = null, last_error = left(coalesce(p->>'error_code', p->>'error', 'error'), 100),
    last_status = (p->>'status')::integer,
    next_attempt_at = coalesce((p->>'next_attempt_at')::timestamptz, v_now),
    dropped_at = case when v_failed then v_now end
  where id = v_row.id;
  if not v_failed then
    return jsonb_build_object('found', true, 'fallback', false);
  end if;
  update whatsapp_messages w set status = whatsapp_status_next(w.status, 'falhou'), status_at = v_now,
    error_code = (p->>'error_code')::integer, error_title = left(p->>'error_title', 300)
  where w.outbox_id = v_row.id returning * into v_msg;
  return jsonb_build_object('found', v_msg.id is not null, 'fallback', v_msg.status = 'falhou' and v_msg.fallback_outbox_id is null,
    'message_id', v_msg.id, 'meeting_id', v_msg.meeting_id, 'kind', v_msg.kind);
end
$$;

-- A status from Meta's webhook, found by its wamid only (never by phone: since 2026 a payload may carry a
-- business-scoped user id instead). Unknown ids are ignored; a repeat changes nothing.
create function public.whatsapp_status(p jsonb)
returns jsonb
language plpgsql
set search_path = public
set jit = 'off'
as $$
declare
  v_incoming text := case p->>'status' when 'sent' then 'enviado' when 'delivered' then 'entregue'
    when 'read' then 'lido' when 'failed' then 'falhou' end;
  v_msg whatsapp_messages%rowtype;
  v_next text;
begin
  select * into v_msg from whatsapp_messages w where w.wamid = p->>'wamid' for update;
  if not found or v_incoming is null then
    return jsonb_build_object('found', found, 'changed', false, 'fallback', false);
  end if;
  v_next := whatsapp_status_next(v_msg.status, v_incoming);
  if v_next = v_msg.status then
    return jsonb_build_object('found', true, 'changed', false, 'fallback', false);
  end if;
  update whatsapp_messages w set status = v_next, status_at = coalesce((p->>'at')::timestamptz, now()),
    error_code = case when v_next = 'falhou' then (p->>'error_code')::integer else w.error_code end,
    error_title = case when v_next = 'falhou' then left(p->>'error_title', 300) else w.error_title end
  where w.id = v_msg.id returning * into v_msg;
  return jsonb_build_object('found', true, 'changed', true, 'fallback', v_msg.status = 'falhou' and v_msg.fallback_outbox_id is null,
    'message_id', v_msg.id, 'meeting_id', v_msg.meeting_id, 'kind', v_msg.kind);
end
$$;

-- The e-mail instead of a failed message, once: under the message's lock, only while it is 'falhou' and
-- has none yet; the mail's tokens are stored as every mail's. Answers whether the mail was queued.
create function public.whatsapp_fallback(p jsonb)
returns jsonb
language plpgsql
set search_path = public
set jit = 'off'
as $$
declare
  v_msg whatsapp_messages%rowtype;
  v_outbox uuid;
begin
  select * into v_msg from whatsapp_messages w where w.id = (p->>'message_id')::uuid for update;
  if not found or v_msg.status <> 'falhou' or v_msg.fallback_outbox_id is not null then
    return jsonb_build_object('queued', false);
  end if;
  if v_msg.meeting_id is not null and jsonb_typeof(p->'tokens') = 'array' then
    perform add_meeting_tokens(v_msg.meeting_id, p->'tokens');
  end if;
  insert into outbox (kind, message) values (p->'mail'->>'kind', p->'mail'->'message') returning id into v_outbox;
  update whatsapp_messages set status = 'substituido_por_email', status_at = coalesce((p->>'now')::timestamptz, now()),
    fallback_outbox_id = v_outbox
  where id = v_msg.id;
  return jsonb_build_object('queued', true, 'outbox_id', v_outbox);
end
$$;

-- Stops WhatsApp for a lead and every other lead of the same person (same e-mail identity): by the wamid
-- of a message the reply answers, by a meeting (the manage page), or by a lead id. Pending messages are
-- closed as 'pulado'. Answers how many leads were stopped now.
create function public.whatsapp_stop(p jsonb)
returns jsonb
language plpgsql
set search_path = public
set jit = 'off'
as $$
declare
  v_now timestamptz := coalesce((p->>'now')::timestamptz, now());
  v_lead uuid;
  v_leads uuid[];
  v_count integer;
begin
  v_lead := coalesce(
    (select w.lead_id from whatsapp_messages w where p->>'wamid' is not null and w.wamid = p->>'wamid'),
    (select m.lead_id from meetings m where p->>'meeting_id' is not null and m.id = (p->>'meeting_id')::uuid),
    (select l.id from leads l where p->>'lead_id' is not null and l.id = (p->>'lead_id')::uuid));
  if v_lead is null then
    return jsonb_build_object('found', false, 'stopped', 0);
  end if;
  v_leads := array(select l.id from leads l where email_identity(l.email) = (select email_identity(x.email) from leads x where x.id = v_lead));
  update leads set whatsapp_stopped_at = v_now where id = any(v_leads) and whatsapp_stopped_at is null;
  get diagnostics v_count = row_count;
  with closed as (
    update outbox o set dropped_at = v_now, locked_until = null, last_error = 'parou'
    where o.kind = 'whatsapp' and o.lead_id = any(v_leads) and o.sent_at is null and o.dropped_at is null
    returning o.id
  )
  update whatsapp_messages w set status = whatsapp_status_next(w.status, 'pulado'), status_at = v_now, error_title = 'parou'
  from closed c where w.outbox_id = c.id;
  return jsonb_build_object('found', true, 'stopped', v_count);
end
$$;

revoke all on function public.whatsapp_status_next(p_current text, p_incoming text) from public, anon, authenticated;
revoke all on function public.whatsapp_message_queued() from public, anon, authenticated;
revoke all on function public.whatsapp_claim(p jsonb) from public, anon, authenticated;
grant execute on function public.whatsapp_claim(p jsonb) to service_role;
revoke all on function public.whatsapp_result(p jsonb) from public, anon, authenticated;
grant execute on function public.whatsapp_result(p jsonb) to service_role;
revoke all on function public.whatsapp_status(p jsonb) from public, anon, authenticated;
grant execute on function public.whatsapp_status(p jsonb) to service_role;
revoke all on function public.whatsapp_fallback(p jsonb) from public, anon, authenticated;
grant execute on function public.whatsapp_fallback(p jsonb) to service_role;
revoke all on function public.whatsapp_stop(p jsonb) from public, anon, authenticated;
grant execute on function public.whatsapp_stop(p jsonb) to service_role;
