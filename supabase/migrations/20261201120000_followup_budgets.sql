-- "Falta só escolher o horário": the hourly cap was one budget a stranger could spend (hardening issue,
-- item 2). 44 scripted leads from 11 addresses (with the two headers a browser sends) got 30 follow-ups, a
-- real lead 10 s later got none, and a skipped lead was dropped for good. Now:
-- * each lead is put in a tier by how real it looks (lead_followup_tier): 'known' (its person or its
--   source booked before), 'plausible' (details of its own, from a quiet source) or 'other'; each tier has
--   its own hourly budget (p.budgets, functions/lib/followup/rules.ts), so junk spends only 'other';
-- * a lead skipped by a cap is retried when a slot may have opened (retry_at), while it is inside its
--   window (the follow-up's max age); only an automated-looking form is skipped for good;
-- * the skips keep their tier, tries and retry time for the painel's Integrações screen.

alter table public.lead_followup_skips
  add column last_at timestamptz,
  add column tier text check (tier is null or tier in ('known', 'plausible', 'other')),
  add column tries integer not null default 1,
  -- null: for good (automated, or skipped before retries existed); else when the lead is due again.
  add column retry_at timestamptz;
update public.lead_followup_skips set last_at = at;
alter table public.lead_followup_skips alter column last_at set not null;
create index lead_followup_skips_retry_idx on public.lead_followup_skips (retry_at) where retry_at is not null;

-- The tier a follow-up was charged to. Rows from before count as 'other' for their last hour.
alter table public.lead_followups add column tier text not null default 'other' check (tier in ('known', 'plausible', 'other'));
-- "Another person's lead with this phone" (lead_followup_tier), as the CNPJ already has leads_cnpj_idx.
create index leads_telefone_idx on public.leads (telefone);

-- How real a lead looks, from what a stranger cannot multiply cheaply. 'other' when its details are not
-- its own (the CNPJ or phone on another person's lead within 30 days: a script replaying one form), the
-- phone is one digit repeated or the company name has no letters, or its source sent forms for 3 or more
-- people within an hour of it (a burst; one person correcting a typo is 2). Else 'known' when its person
-- or its source has a booking from before it, else 'plausible'. The source is the keyed hash of the
-- network (an IPv4, an IPv6 /56).
create function public.lead_followup_tier(l leads, p_now timestamptz)
returns text
language sql stable
set search_path = public
as $$
  select case
    when l.telefone ~ '^[0-9]{2}([0-9])\1{7,8}$'
      or l.empresa !~ '[[:alpha:]].*[[:alpha:]]'
      or exists (select 1 from leads o where o.cnpj = l.cnpj and o.id <> l.id and o.created_at > l.created_at - interval '30 days'
        and o.created_at <= p_now and email_identity(o.email) <> email_identity(l.email))
      or exists (select 1 from leads o where o.telefone = l.telefone and o.id <> l.id and o.created_at > l.created_at - interval '30 days'
        and o.created_at <= p_now and email_identity(o.email) <> email_identity(l.email))
      or (select count(distinct email_identity(o.email)) from lead_sources mine
          join lead_sources s on s.source_hash = mine.source_hash
          join leads o on o.id = s.lead_id
          where mine.lead_id = l.id and o.created_at > l.created_at - interval '1 hour'
            and o.created_at < l.created_at + interval '1 hour' and o.created_at <= p_now) >= 3
      then 'other'
    when exists (select 1 from meetings m join leads o on o.id = m.lead_id
        where email_identity(o.email) = email_identity(l.email) and m.created_at < l.created_at)
      or exists (select 1 from lead_sources mine
        join lead_sources s on s.source_hash = mine.source_hash
        join meetings m on m.lead_id = s.lead_id
        where mine.lead_id = l.id and m.created_at < l.created_at)
      then 'known'
    else 'plausible'
  end;
$$;

-- lead_followup_eligible as in 20261129100200_followup_caps.sql, but a lead skipped by a cap is eligible
-- again from its retry_at (its window still bounds it: created_at > p_now - p_max_age).
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
    and not exists (select 1 from meetings m join leads o on o.id = m.lead_id
      where email_identity(o.email) = email_identity(l.email) and m.created_at > l.created_at - p_max_age)
    and not exists (select 1 from lead_followups f where f.lead_id = l.id)
    and not exists (select 1 from lead_followup_skips s where s.lead_id = l.id and (s.retry_at is null or s.retry_at > p_now))
    and not exists (select 1 from lead_followups f join leads o on o.id = f.lead_id
      where email_identity(o.email) = email_identity(l.email) and f.expires_at > p_now);
$$;

-- p also has skip_tiers: tiers whose budget this run found full (a waiting lead of those tiers is not
-- asked again this run). Waiting leads that look real first, then new ones, then waiting 'other'.
create or replace function public.lead_followup_due(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select coalesce(jsonb_agg(jsonb_build_object('leadId', x.id, 'name', x.nome, 'email', x.email, 'service', x.servico)
    order by x.rank, x.created_at, x.id), '[]'::jsonb)
  from (
    select l.id, l.created_at, l.nome, l.email, l.servico,
      case s.tier when 'known' then 0 when 'plausible' then 1 when 'other' then 3 else 2 end as rank
    from leads l left join lead_followup_skips s on s.lead_id = l.id
    where l.created_at <= (p->>'now')::timestamptz - make_interval(secs => (p->>'delay_seconds')::int)
      and l.created_at > (p->>'now')::timestamptz - make_interval(secs => (p->>'max_age_seconds')::int)
      and (s.tier is null or not s.tier = any(array(select jsonb_array_elements_text(coalesce(p->'skip_tiers', '[]'::jsonb)))))
      and lead_followup_eligible(l, (p->>'now')::timestamptz, make_interval(secs => (p->>'delay_seconds')::int),
        make_interval(secs => (p->>'max_age_seconds')::int))
    order by rank, l.created_at, l.id
    limit (p->>'limit')::int
  ) x;
$$;

-- lead_followup_queue as in 20261129100200_followup_caps.sql, with a budget per tier.
-- p: { lead_id, now, token_hash, ttl_seconds, delay_seconds, max_age_seconds, message, per_source,
--      budgets: { known, plausible, other } }.
-- Answer: true when queued; { skipped: reason, tier } when skipped (a cap: retried from retry_at;
-- 'automated': for good); false otherwise.
create or replace function public.lead_followup_queue(p jsonb)
returns jsonb
language plpgsql
set search_path = public
set jit = off
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_email text;
  v_lead leads%rowtype;
  v_source lead_sources%rowtype;
  v_tier text;
  v_skip text;
  v_retry timestamptz;
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
  else
    v_tier := lead_followup_tier(v_lead, v_now);
    if v_source.source_hash is not null and (select count(*) from lead_followups f join lead_sources s on s.lead_id = f.lead_id
        where s.source_hash = v_source.source_hash and f.queued_at > v_now - interval '1 hour') >= (p->>'per_source')::int then
      v_skip := 'source_cap';
      -- A slot of this source opens when its oldest follow-up of the hour turns an hour old.
      select min(f.queued_at) + interval '1 hour' into v_retry from lead_followups f join lead_sources s on s.lead_id = f.lead_id
        where s.source_hash = v_source.source_hash and f.queued_at > v_now - interval '1 hour';
    elsif (select count(*) from lead_followups f where f.tier = v_tier and f.queued_at > v_now - interval '1 hour')
        >= coalesce((p->'budgets'->>v_tier)::int, 0) then
      v_skip := 'hourly_cap';
      select min(f.queued_at) + interval '1 hour' into v_retry from lead_followups f
        where f.tier = v_tier and f.queued_at > v_now - interval '1 hour';
    end if;
    -- No follow-up in the hour to age out (a budget of 0): look again at the next run.
    v_retry := greatest(coalesce(v_retry, v_now + interval '5 minutes'), v_now + interval '1 second');
  end if;
  if v_skip is not null then
    insert into lead_followup_skips (lead_id, at, last_at, reason, tier, retry_at)
    values (v_lead.id, v_now, v_now, v_skip, v_tier, case when v_skip = 'automated' then null else v_retry end)
    on conflict (lead_id) do update set last_at = excluded.last_at, reason = excluded.reason, tier = excluded.tier,
      retry_at = excluded.retry_at, tries = lead_followup_skips.tries + 1;
    if v_skip = 'source_cap' then
      -- The source's other waiting leads could not go before then either: one update, not one call each.
      update lead_followup_skips k set retry_at = v_retry from lead_sources s
      where s.lead_id = k.lead_id and s.source_hash = v_source.source_hash and k.lead_id <> v_lead.id
        and k.retry_at is not null and k.retry_at < v_retry
        and not exists (select 1 from lead_followups f where f.lead_id = k.lead_id);
    end if;
    return jsonb_build_object('skipped', v_skip, 'tier', v_tier);
  end if;
  insert into lead_followups (lead_id, token_hash, queued_at, expires_at, tier)
  values (v_lead.id, p->>'token_hash', v_now, v_now + make_interval(secs => (p->>'ttl_seconds')::int), v_tier)
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

-- The month's report counts the leads that did not get the follow-up (a lead sent after waiting is not
-- a skip any more), by their last reason.
create or replace function public.lead_followup_skips(p jsonb)
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
  where s.at >= b.from_at and s.at < b.to_at
    and not exists (select 1 from lead_followups f where f.lead_id = s.lead_id);
$$;

-- The follow-up on the painel's Integrações screen. p: { now, day_start, max_age_seconds }.
-- sentToday: queued since day_start; capSkippedToday: leads a cap held back today (first time), whatever
-- came next, by reason; sentAfterWaitToday: of those, sent; waiting: held back, to be retried inside
-- their window; expiredToday: held back until their window closed today, never sent; automatedToday:
-- forms that looked automated; hour: follow-ups of the last hour by tier (the budgets' use).
create function public.lead_followup_health(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  with k as (
    select s.*, l.created_at + make_interval(secs => (p->>'max_age_seconds')::int) as window_end,
      exists (select 1 from lead_followups f where f.lead_id = s.lead_id) as sent
    from lead_followup_skips s join leads l on l.id = s.lead_id
    where s.at >= (p->>'day_start')::timestamptz - make_interval(secs => (p->>'max_age_seconds')::int)
  )
  select jsonb_build_object(
    'sentToday', (select count(*) from lead_followups f where f.queued_at >= (p->>'day_start')::timestamptz),
    'capSkippedToday', jsonb_build_object(
      'sourceCap', (select count(*) from k where k.at >= (p->>'day_start')::timestamptz and k.reason = 'source_cap'),
      'hourlyCap', (select count(*) from k where k.at >= (p->>'day_start')::timestamptz and k.reason = 'hourly_cap')),
    'sentAfterWaitToday', (select count(*) from k where k.at >= (p->>'day_start')::timestamptz and k.reason <> 'automated' and k.sent),
    'waiting', (select count(*) from k where k.retry_at is not null and not k.sent and k.window_end > (p->>'now')::timestamptz),
    'expiredToday', (select count(*) from k where k.retry_at is not null and not k.sent
      and k.window_end <= (p->>'now')::timestamptz and k.window_end >= (p->>'day_start')::timestamptz),
    'automatedToday', (select count(*) from k where k.at >= (p->>'day_start')::timestamptz and k.reason = 'automated'),
    'hour', (select jsonb_build_object(
      'known', count(*) filter (where f.tier = 'known'),
      'plausible', count(*) filter (where f.tier = 'plausible'),
      'other', count(*) filter (where f.tier = 'other'))
      from lead_followups f where f.queued_at > (p->>'now')::timestamptz - interval '1 hour'));
$$;

do $$
declare
  f text;
begin
  foreach f in array array['lead_followup_due', 'lead_followup_queue', 'lead_followup_skips', 'lead_followup_health']
  loop
    execute format('revoke all on function public.%I(jsonb) from public, anon, authenticated', f);
    execute format('grant execute on function public.%I(jsonb) to service_role', f);
  end loop;
end
$$;
revoke all on function public.lead_followup_tier(leads, timestamptz) from public, anon, authenticated;
grant execute on function public.lead_followup_tier(leads, timestamptz) to service_role;
