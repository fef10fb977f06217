-- "Falta só escolher o horário" can no longer be a mail cannon (issue #36 M3). Before: every consulting or
-- paid-traffic lead without a booking got it 15 minutes later, to whatever address was typed, whatever
-- sent the form: 220 junk leads in 0.6 s → 220 mails from the mentor's domain. Now a lead's follow-up is
-- skipped (recorded, counted in the painel, never sent) when:
-- * the submission looked automated (lead_sources.signals, decided by functions/lib/followup/signals.ts);
-- * its source (keyed hash of the submitter's network) already had p.per_source follow-ups this hour;
-- * p.per_hour follow-ups were queued in the last hour, whoever sent the forms.

-- Where a lead came from, as the follow-up needs it: never the IP itself.
create table public.lead_sources (
  lead_id uuid primary key references public.leads (id) on delete cascade,
  source_hash text check (source_hash is null or source_hash ~ '^[0-9a-f]{64}$'),
  -- Why the submission looks automated (empty: it does not).
  signals text[] not null default '{}'
);
create index lead_sources_source_idx on public.lead_sources (source_hash);
alter table public.lead_sources enable row level security;

-- A skipped follow-up: the lead, when and why; no mail, no token. A lead skipped is never due again.
create table public.lead_followup_skips (
  lead_id uuid primary key references public.leads (id) on delete cascade,
  at timestamptz not null,
  reason text not null check (reason in ('automated', 'source_cap', 'hourly_cap'))
);
create index lead_followup_skips_at_idx on public.lead_followup_skips (at);
create index lead_followups_queued_idx on public.lead_followups (queued_at);
alter table public.lead_followup_skips enable row level security;

-- lead_followup_eligible as in 20261127000200_lead_followup.sql, and not skipped.
create or replace function public.lead_followup_eligible(l leads, p_now timestamptz, p_delay interval, p_max_age interval)
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
    and not exists (select 1 from lead_followup_skips s where s.lead_id = l.id)
    and not exists (select 1 from lead_followups f join leads o on o.id = f.lead_id
      where email_identity(o.email) = email_identity(l.email) and f.expires_at > p_now);
$$;

-- p: { lead_id, source_hash, signals }. Written right after the lead (the leads handler).
create function public.lead_source_record(p jsonb)
returns jsonb
language sql
set search_path = public
as $$
  insert into lead_sources (lead_id, source_hash, signals)
  select l.id, p->>'source_hash', coalesce(array(select jsonb_array_elements_text(coalesce(p->'signals', '[]'::jsonb))), '{}')
  from leads l where l.id = (p->>'lead_id')::uuid
  on conflict (lead_id) do nothing
  returning to_jsonb(true);
$$;

-- lead_followup_queue as in 20261127000200_lead_followup.sql, with the skips above checked last (after
-- everything that would not mail anyway), under one lock for the hourly counts.
-- p also has: per_hour, per_source. Answer: true when queued, 'skipped' when skipped (for good), false otherwise.
create or replace function public.lead_followup_queue(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_email text;
  v_lead leads%rowtype;
  v_source lead_sources%rowtype;
  v_skip text;
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
  -- Concurrent runs count the same hour one after the other.
  perform pg_advisory_xact_lock(hashtextextended('lead_followup_caps', 0));
  select * into v_source from lead_sources s where s.lead_id = v_lead.id;
  if found and cardinality(v_source.signals) > 0 then
    v_skip := 'automated';
  elsif v_source.source_hash is not null and (select count(*) from lead_followups f join lead_sources s on s.lead_id = f.lead_id
      where s.source_hash = v_source.source_hash and f.queued_at > v_now - interval '1 hour') >= (p->>'per_source')::int then
    v_skip := 'source_cap';
  elsif (select count(*) from lead_followups f where f.queued_at > v_now - interval '1 hour') >= (p->>'per_hour')::int then
    v_skip := 'hourly_cap';
  end if;
  if v_skip is not null then
    insert into lead_followup_skips (lead_id, at, reason) values (v_lead.id, v_now, v_skip) on conflict do nothing;
    return to_jsonb('skipped'::text);
  end if;
  insert into lead_followups (lead_id, token_hash, queued_at, expires_at)
  values (v_lead.id, p->>'token_hash', v_now, v_now + make_interval(secs => (p->>'ttl_seconds')::int))
  on conflict do nothing;
  if not found then
    return to_jsonb(false);
  end if;
  insert into outbox (kind, message, created_at, next_attempt_at, lead_id)
  values ('lead-followup', (p->'message') || jsonb_build_object('to', v_lead.email), v_now, v_now, v_lead.id)
  returning id into v_outbox;
  update lead_followups set outbox_id = v_outbox where lead_id = v_lead.id;
  return to_jsonb(true);
end
$$;

-- Follow-ups skipped in a month, by reason, for the painel's report. p: { month (AAAA-MM), time_zone },
-- the month's bounds as routing_report reads them.
create function public.lead_followup_skips(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  with bounds as (
    select ((p->>'month') || '-01')::date::timestamp at time zone coalesce(p->>'time_zone', 'America/Sao_Paulo') as from_at,
      (((p->>'month') || '-01')::date + interval '1 month')::timestamp at time zone coalesce(p->>'time_zone', 'America/Sao_Paulo') as to_at
  )
  select jsonb_build_object(
    'automated', count(*) filter (where s.reason = 'automated'),
    'sourceCap', count(*) filter (where s.reason = 'source_cap'),
    'hourlyCap', count(*) filter (where s.reason = 'hourly_cap'))
  from lead_followup_skips s, bounds b
  where s.at >= b.from_at and s.at < b.to_at;
$$;

do $$
declare
  f text;
begin
  foreach f in array array['lead_source_record', 'lead_followup_queue', 'lead_followup_skips']
  loop
    execute format('revoke all on function public.%I(jsonb) from public, anon, authenticated', f);
    execute format('grant execute on function public.%I(jsonb) to service_role', f);
  end loop;
end
$$;
