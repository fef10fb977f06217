-- "Preencheu mas não agendou" (issue 19, item 9): a consulting or paid-traffic lead still without a
-- meeting 15 minutes after the form gets one mail with a personal link that reopens the scheduling
-- dialog for that lead (/orcamento#agendar=<token>, valid 7 days). Never twice, never after a booking,
-- inside the mail caps (kind 'lead-followup' is not in outbox_cap_exempt). The rule's numbers live in
-- functions/lib/followup/rules.ts and come in `p`; every call takes the application's clock (`now`).

-- 1. One follow-up per lead, ever: the primary key is the "never twice". Only the token's SHA-256 is kept
--    (as for manage links). The row goes with its lead (LGPD erasure deletes leads: cascade).
create table public.lead_followups (
  lead_id uuid primary key references public.leads (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  queued_at timestamptz not null,
  expires_at timestamptz not null,
  -- The mail as queued; null once erased (the painel reads sent_at / dropped_at through it).
  outbox_id uuid references public.outbox (id) on delete set null
);
alter table public.lead_followups enable row level security;

-- 2. Whether a lead may get its follow-up at p_now: created between max_age and delay ago, a service that
--    books meetings (consultoria, trafego), a rule that offers meetings (routing_kind not 'none'), no
--    meeting ever booked for this lead (a cancelled one counts: that person did book), no upcoming
--    meeting for the same person (email_identity, any lead), no follow-up for this lead, and none for
--    the same person whose link is still valid (one reminder per person at a time, not one per form).
create function public.lead_followup_eligible(l leads, p_now timestamptz, p_delay interval, p_max_age interval)
returns boolean
language sql stable
set search_path = public
as $$
  select l.created_at <= p_now - p_delay and l.created_at > p_now - p_max_age
    and l.servico in ('consultoria', 'trafego')
    and l.routing_kind is distinct from 'none'
    and not exists (select 1 from meetings m where m.lead_id = l.id)
    and upcoming_meeting_id(l.email, p_now) is null
    and not exists (select 1 from lead_followups f where f.lead_id = l.id)
    and not exists (select 1 from lead_followups f join leads o on o.id = f.lead_id
      where email_identity(o.email) = email_identity(l.email) and f.expires_at > p_now);
$$;

-- 3. The leads due now, oldest first. p: { now, delay_seconds, max_age_seconds, limit }. Answer:
--    [{ leadId, name, email, service }] (what the mail says). The created_at range reads leads_list_idx;
--    the rest is checked per candidate.
create function public.lead_followup_due(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select coalesce(jsonb_agg(jsonb_build_object('leadId', x.id, 'name', x.nome, 'email', x.email, 'service', x.servico)
    order by x.created_at, x.id), '[]'::jsonb)
  from (
    select l.id, l.created_at, l.nome, l.email, l.servico from leads l
    where l.created_at <= (p->>'now')::timestamptz - make_interval(secs => (p->>'delay_seconds')::int)
      and l.created_at > (p->>'now')::timestamptz - make_interval(secs => (p->>'max_age_seconds')::int)
      and lead_followup_eligible(l, (p->>'now')::timestamptz, make_interval(secs => (p->>'delay_seconds')::int),
        make_interval(secs => (p->>'max_age_seconds')::int))
    order by l.created_at, l.id
    limit (p->>'limit')::int
  ) x;
$$;

-- 4. Queues one follow-up: the row and its mail in one transaction, every condition checked again under
--    the person's lock, the very lock book_meeting takes first (20261123, email_identity). So a booking
--    and this call for one person run one after the other: a booking committed first is seen here
--    (nothing queued), and a booking after this commit finds the mail queued (the meetings trigger below
--    keeps it from going out). Two runs at once: the second waits, then finds the row (false).
--    p: { lead_id, now, token_hash, ttl_seconds, delay_seconds, max_age_seconds, message (sealed, with
--    secrets) }. Answer: true when queued.
create function public.lead_followup_queue(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_email text;
  v_lead leads%rowtype;
  v_outbox uuid;
begin
  select l.email into v_email from leads l where l.id = (p->>'lead_id')::uuid;
  if v_email is null then
    return to_jsonb(false);
  end if;
  perform pg_advisory_xact_lock(20261123, hashtext(email_identity(v_email)));
  -- The row lock keeps an erasure (delete_person_data locks the leads first) from passing in between.
  select * into v_lead from leads l where l.id = (p->>'lead_id')::uuid for share;
  if not found or not lead_followup_eligible(v_lead, v_now, make_interval(secs => (p->>'delay_seconds')::int),
      make_interval(secs => (p->>'max_age_seconds')::int)) then
    return to_jsonb(false);
  end if;
  insert into lead_followups (lead_id, token_hash, queued_at, expires_at)
  values (v_lead.id, p->>'token_hash', v_now, v_now + make_interval(secs => (p->>'ttl_seconds')::int))
  on conflict do nothing;
  if not found then
    return to_jsonb(false);
  end if;
  -- To the address the lead typed (never another spelling), tied to the lead (outbox_about: the painel's
  -- list of the lead's mails, the LGPD export and erasure find it by lead_id).
  insert into outbox (kind, message, created_at, next_attempt_at, lead_id)
  values ('lead-followup', (p->'message') || jsonb_build_object('to', v_lead.email), v_now, v_now, v_lead.id)
  returning id into v_outbox;
  update lead_followups set outbox_id = v_outbox where lead_id = v_lead.id;
  return to_jsonb(true);
end
$$;

-- 5. The link: the lead a token (by hash) opens while it is unexpired and the lead still has no meeting
--    (nor its person an upcoming one). p: { token_hash, now }. Answer: { leadId, service, name } or null.
create function public.lead_followup_link(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select jsonb_build_object('leadId', l.id, 'service', l.servico, 'name', l.nome)
  from lead_followups f join leads l on l.id = f.lead_id
  where f.token_hash = p->>'token_hash' and f.expires_at > (p->>'now')::timestamptz
    and l.servico in ('consultoria', 'trafego') and l.routing_kind is distinct from 'none'
    and not exists (select 1 from meetings m where m.lead_id = l.id)
    and upcoming_meeting_id(l.email, (p->>'now')::timestamptz) is null;
$$;

-- 6. Never after a booking: a meeting booked for the person (any lead of the same email identity) while
--    their follow-up waits in the outbox (a failed send waiting for its retry, a claim not yet made)
--    drops it. One already leased by a sender (locked_until ahead) may be on its way: it is marked too, and
--    keeps its lease, so a send that fails is never retried (claim_outbox skips dropped rows).
create function public.lead_followup_booked()
returns trigger
language plpgsql
set search_path = public
as $$
begin
  update outbox o set dropped_at = now(), last_error = 'booked'
  where o.kind = 'lead-followup' and o.sent_at is null and o.dropped_at is null
    and o.lead_id in (select l.id from leads l
      where email_identity(l.email) = (select email_identity(b.email) from leads b where b.id = new.lead_id));
  return null;
end
$$;
create trigger lead_followup_booked after insert on public.meetings
for each row execute function public.lead_followup_booked();

-- 7. The painel's lead: painel_lead as in 20261126000100_painel_functions.sql, plus `followup` (null when
--    none was queued): when it was queued, sent or not sent (dropped: the hourly cap, or a booking came
--    first). The "Sem reunião" filter (painel_leads with_meeting=false) lists these leads already.
create or replace function public.painel_lead(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select jsonb_build_object(
    'id', l.id, 'createdAt', l.created_at, 'origem', l.origem,
    'answers', jsonb_build_object('nomeCompleto', l.nome, 'email', l.email, 'telefone', l.telefone, 'nomeEmpresa', l.empresa,
      'cnpj', l.cnpj, 'cargo', l.cargo, 'faturamento', l.faturamento, 'numeroVendedores', l.vendedores, 'segmento', l.segmento,
      'outroSegmento', l.outro_segmento, 'modeloNegocio', l.modelo_negocio),
    'consent', jsonb_build_object('version', l.privacy_policy_version, 'at', l.consent_at),
    'meetings', coalesce((select jsonb_agg(painel_meeting_json(m.id) order by m.starts_at desc, m.id)
      from meetings m where m.lead_id = l.id and (p->>'preseller' is null or m.preseller_id = (p->>'preseller')::uuid)), '[]'::jsonb),
    -- To whom, as a role (the lead, a consultant, the team): the console never shows the team's addresses.
    'mails', coalesce((select jsonb_agg(jsonb_build_object('id', o.id, 'kind', o.kind, 'subject', coalesce(o.message->>'subject', ''),
        'to', case when lower(o.message->>'to') = lower(l.email) then 'lead'
          when exists (select 1 from presellers c where lower(c.email) = lower(o.message->>'to')) then 'consultant' else 'other' end,
        'createdAt', o.created_at, 'sentAt', o.sent_at) order by o.created_at, o.id)
      from outbox o where o.lead_id = l.id
        and (p->>'preseller' is null or o.meeting_id in (select m.id from meetings m where m.lead_id = l.id and m.preseller_id = (p->>'preseller')::uuid))), '[]'::jsonb),
    'followup', (select jsonb_build_object('queuedAt', f.queued_at, 'sentAt', o.sent_at, 'droppedAt', o.dropped_at)
      from lead_followups f left join outbox o on o.id = f.outbox_id where f.lead_id = l.id))
  from leads l
  where l.id = (p->>'id')::uuid
    and (p->>'preseller' is null or exists (select 1 from meetings m where m.lead_id = l.id and m.preseller_id = (p->>'preseller')::uuid));
$$;

-- 8. LGPD: export_person_data is left as it is. The follow-up's mail is one of the person's messages
--    (to their address, tied to their lead) and is exported with its body as stored (no working link);
--    the row here adds only a token hash, which is no personal data and must not leave the database.
--    Erasure: the row goes with the lead (on delete cascade), the mail with person_message_ids.

revoke all on function public.lead_followup_eligible(leads, timestamptz, interval, interval) from public, anon, authenticated;
grant execute on function public.lead_followup_eligible(leads, timestamptz, interval, interval) to service_role;
revoke all on function public.lead_followup_booked() from public, anon, authenticated;
do $$
declare
  f text;
begin
  foreach f in array array['lead_followup_due', 'lead_followup_queue', 'lead_followup_link', 'painel_lead']
  loop
    execute format('revoke all on function public.%I(jsonb) from public, anon, authenticated', f);
    execute format('grant execute on function public.%I(jsonb) to service_role', f);
  end loop;
end
$$;
