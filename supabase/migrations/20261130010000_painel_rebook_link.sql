-- "Enviar link para reagendar" (issue 32 item 3): the team mails a lead a link to choose a new time.
-- A meeting still open to changes gets the lead's manage link (/reuniao, where the lead reschedules it);
-- a meeting the lead (or the consultant) missed gets a booking link for the same lead, like the
-- follow-up's (/orcamento#agendar=<token>), which opens the calendar with the lead's data filled in.
-- One send per meeting per p.throttle_seconds (a double click, two colleagues); the outbox's per-address
-- hourly cap (claim_outbox) holds the rest, as for every other mail.

create table public.painel_rebook_links (
  id uuid primary key default gen_random_uuid(),
  meeting_id uuid not null references public.meetings (id) on delete cascade,
  lead_id uuid not null references public.leads (id) on delete cascade,
  -- 'manage': the meeting's own manage link (its token lives in meeting_tokens); 'rebook': a booking link.
  kind text not null check (kind in ('manage', 'rebook')),
  -- The booking link's SHA-256 (hex); null for 'manage'.
  token_hash text unique check (token_hash ~ '^[0-9a-f]{64}$'),
  sent_at timestamptz not null,
  expires_at timestamptz,
  check ((kind = 'rebook') = (token_hash is not null and expires_at is not null))
);
create index painel_rebook_links_meeting_idx on public.painel_rebook_links (meeting_id, sent_at desc);
alter table public.painel_rebook_links enable row level security;

-- p: { meeting_id, now, throttle_seconds, notice_minutes, kind, tokens (manage), token_hash and
-- expires_at (rebook), outbox: [{kind, message}] }. Answer: { status } with status one of 'sent',
-- 'missing', 'cancelled', 'throttled' (+ until), 'closed' (no longer open to a change: kind manage),
-- 'not_past' (rebook before the meeting started), 'booked' (the person already has an upcoming meeting).
create function public.painel_rebook_link(p jsonb)
returns jsonb
language plpgsql
set search_path = public
set jit = off
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_meeting meetings;
  v_email text;
  v_last timestamptz;
begin
  -- The row lock orders a send with a cancel, a move or another send of the same meeting.
  select * into v_meeting from meetings where id = (p->>'meeting_id')::uuid for update;
  if not found then
    return jsonb_build_object('status', 'missing');
  end if;
  if v_meeting.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled');
  end if;
  select max(r.sent_at) into v_last from painel_rebook_links r where r.meeting_id = v_meeting.id;
  if v_last is not null and v_last > v_now - make_interval(secs => (p->>'throttle_seconds')::integer) then
    return jsonb_build_object('status', 'throttled', 'until', v_last + make_interval(secs => (p->>'throttle_seconds')::integer));
  end if;
  if p->>'kind' = 'manage' then
    if v_meeting.starts_at - make_interval(mins => (p->>'notice_minutes')::integer) <= v_now then
      return jsonb_build_object('status', 'closed');
    end if;
    perform add_meeting_tokens(v_meeting.id, p->'tokens');
    insert into painel_rebook_links (meeting_id, lead_id, kind, sent_at) values (v_meeting.id, v_meeting.lead_id, 'manage', v_now);
  else
    if v_meeting.starts_at > v_now then
      return jsonb_build_object('status', 'not_past');
    end if;
    select l.email into v_email from leads l where l.id = v_meeting.lead_id;
    if upcoming_meeting_id(v_email, v_now) is not null then
      return jsonb_build_object('status', 'booked');
    end if;
    insert into painel_rebook_links (meeting_id, lead_id, kind, token_hash, sent_at, expires_at)
    values (v_meeting.id, v_meeting.lead_id, 'rebook', p->>'token_hash', v_now, (p->>'expires_at')::timestamptz);
  end if;
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p->'outbox', '[]'::jsonb)) x;
  return jsonb_build_object('status', 'sent');
end
$$;

-- The booking link: the lead a token (by hash) opens while it is unexpired, the person has no upcoming
-- meeting and this lead booked nothing since the link was sent. p: { token_hash, now }. Answer as
-- lead_followup_link: { leadId, service, name } or null.
create function public.painel_rebook_open(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select jsonb_build_object('leadId', l.id, 'service', m.service, 'name', l.nome)
  from painel_rebook_links r join leads l on l.id = r.lead_id join meetings m on m.id = r.meeting_id
  where r.token_hash = p->>'token_hash' and r.kind = 'rebook' and r.expires_at > (p->>'now')::timestamptz
    and upcoming_meeting_id(l.email, (p->>'now')::timestamptz) is null
    and not exists (select 1 from meetings b where b.lead_id = l.id and b.booked_at > r.sent_at);
$$;

do $$
declare
  f text;
begin
  foreach f in array array['painel_rebook_link', 'painel_rebook_open']
  loop
    execute format('revoke all on function public.%I(jsonb) from public, anon, authenticated', f);
    execute format('grant execute on function public.%I(jsonb) to service_role', f);
  end loop;
end
$$;
