-- Negociações (deals): after a meeting, its consultant or the mentor records a proposal on the person and
-- moves it through its stages. Each change leaves one deal_stage_log row (who, when, stage and value before
-- ⇒ after) and one painel_activity row (Atividade). Deals are the lead's personal data: exported and erased
-- with the person (export_person_data, delete_person_data below).

-- 1. The deals. lead_id is the submission the deal was recorded from, as a meeting keeps the submission it
--    was booked from: a later submission adds a lead row and replaces none (only an erasure deletes leads,
--    every submission of the person at once), so the key survives the person's new submissions, and the
--    person's deals are read through lead_person_ids (every submission of the identity), as meetings are.
--    The recurring value rule: for 'mensal', value_cents is the monthly value and the deal's total is
--    monthly × months (deal_total_cents, the same rule as dealTotalCents in src/domain/painel/deals.ts); the
--    total is what revenue and ROAS count, on the won date (won_at).
create table public.deals (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references public.leads (id) on delete cascade,
  -- Who recorded it: the signed-in person's e-mail, as meeting_outcomes.recorded_by and painel_activity.actor.
  created_by text not null check (char_length(created_by) between 1 and 320),
  -- The owning consultant: the creator when a consultant, else the consultant of the person's latest
  -- meeting; null when the mentor records a deal on a person with no meeting.
  preseller_id uuid references public.presellers (id),
  stage text not null check (stage in ('proposta_enviada', 'em_negociacao', 'ganho', 'perdido')),
  -- At most R$ 100.000.000,00 (DEAL_MAX_CENTS).
  value_cents bigint not null check (value_cents between 0 and 10000000000),
  billing text not null check (billing in ('avulso', 'mensal')),
  months integer check (months between 1 and 60),
  expected_close_on date check (expected_close_on between date '2000-01-01' and date '2100-12-31'),
  lost_reason text check (lost_reason in ('preco', 'timing', 'concorrente', 'sem_orcamento', 'sem_resposta', 'outro')),
  lost_note text check (char_length(lost_note) between 1 and 500),
  won_at timestamptz,
  lost_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint deals_months_only_mensal check ((billing = 'mensal') = (months is not null)),
  constraint deals_won check ((stage = 'ganho') = (won_at is not null) and (stage <> 'ganho' or value_cents > 0)),
  constraint deals_lost check ((stage = 'perdido') = (lost_at is not null) and (stage = 'perdido') = (lost_reason is not null)),
  constraint deals_lost_note check ((lost_reason is not null or lost_note is null) and (lost_reason is distinct from 'outro' or lost_note is not null)),
  constraint deals_updated_after_created check (updated_at >= created_at)
);
create index deals_lead_idx on public.deals (lead_id, created_at desc);
create index deals_preseller_idx on public.deals (preseller_id) where preseller_id is not null;
-- Revenue counts won deals on their won date.
create index deals_won_idx on public.deals (won_at) where stage = 'ganho';
alter table public.deals enable row level security;

-- 2. Each change of a deal: who (an e-mail, as painel_activity.actor), when, and the stage and value
--    before ⇒ after (from_* null: the deal's creation). lost_reason: the reason it was lost, when this
--    change left it lost.
create table public.deal_stage_log (
  id bigint generated always as identity primary key,
  deal_id uuid not null references public.deals (id) on delete cascade,
  actor text not null check (char_length(actor) between 1 and 320),
  at timestamptz not null,
  from_stage text check (from_stage in ('proposta_enviada', 'em_negociacao', 'ganho', 'perdido')),
  to_stage text not null check (to_stage in ('proposta_enviada', 'em_negociacao', 'ganho', 'perdido')),
  from_value_cents bigint,
  to_value_cents bigint not null,
  from_billing text check (from_billing in ('avulso', 'mensal')),
  to_billing text not null check (to_billing in ('avulso', 'mensal')),
  from_months integer,
  to_months integer,
  lost_reason text check (lost_reason in ('preco', 'timing', 'concorrente', 'sem_orcamento', 'sem_resposta', 'outro')),
  constraint deal_stage_log_from check ((from_stage is null) = (from_value_cents is null) and (from_stage is null) = (from_billing is null))
);
create index deal_stage_log_deal_idx on public.deal_stage_log (deal_id, at, id);
alter table public.deal_stage_log enable row level security;

-- 3. The recurring value rule, once in SQL (its TypeScript twin: dealTotalCents; a test compares them).
create function public.deal_total_cents(p_billing text, p_value_cents bigint, p_months integer)
returns bigint
language sql immutable parallel safe
set search_path = ''
as $$
  select case when p_billing = 'mensal' then p_value_cents * p_months else p_value_cents end;
$$;

-- 4. The person's deals (every submission's), newest first, each with its log oldest first; null when the
--    lead is gone (erased) or not the viewer's (a consultant: a person with a meeting of theirs).
--    p: lead (any submission's id), preseller (a consultant's scope, null for the mentor).
create function public.painel_deals(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  with target as (select pi.identity from lead_person_ids pi where pi.lead_id = (p->>'lead')::uuid),
  person as (select pi.lead_id from lead_person_ids pi join target t on t.identity = pi.identity)
  select jsonb_build_object('deals', coalesce((select jsonb_agg(jsonb_build_object(
      'id', d.id, 'leadId', d.lead_id, 'stage', d.stage, 'valueCents', d.value_cents, 'billing', d.billing, 'months', d.months,
      'totalCents', deal_total_cents(d.billing, d.value_cents, d.months), 'expectedCloseOn', d.expected_close_on,
      'lostReason', d.lost_reason, 'lostNote', d.lost_note, 'wonAt', d.won_at, 'lostAt', d.lost_at,
      'createdAt', d.created_at, 'updatedAt', d.updated_at,
      'createdBy', coalesce((select c.name from presellers c where lower(c.email) = lower(d.created_by) limit 1), d.created_by),
      'consultant', (select c.name from presellers c where c.id = d.preseller_id),
      'log', (select coalesce(jsonb_agg(jsonb_build_object('id', g.id::text, 'at', g.at,
          'who', coalesce((select c.name from presellers c where lower(c.email) = lower(g.actor) limit 1), g.actor),
          'fromStage', g.from_stage, 'toStage', g.to_stage,
          'from', case when g.from_stage is not null then jsonb_build_object('valueCents', g.from_value_cents, 'billing', g.from_billing, 'months', g.from_months) end,
          'to', jsonb_build_object('valueCents', g.to_value_cents, 'billing', g.to_billing, 'months', g.to_months),
          'lostReason', g.lost_reason) order by g.at, g.id), '[]'::jsonb)
        from deal_stage_log g where g.deal_id = d.id))
      order by d.created_at desc, d.id) from deals d where d.lead_id in (select lead_id from person)), '[]'::jsonb))
  from target
  where p->>'preseller' is null
    or exists (select 1 from meetings m where m.lead_id in (select lead_id from person) and m.preseller_id = (p->>'preseller')::uuid);
$$;

-- 5. Records a deal (p.lead: a submission's id) or changes one (p.id, with p.updated_at: what the screen
--    showed). Answers { status, lead, id }: 'ok'; 'unchanged' (the same values again: nothing written, so a
--    replayed save is harmless); 'missing' (no such lead or deal — erased — or not the viewer's: the same
--    answer, so a consultant learns nothing of others' leads); 'stale' (changed by someone else since the
--    screen read it: nothing written). A change to 'ganho' sets won_at, to 'perdido' lost_at; leaving
--    either clears it. Values are checked by the endpoint (src/domain/painel/deals.ts) and again by the
--    table's constraints.
create function public.painel_deal_save(p jsonb)
returns jsonb
language plpgsql
set search_path = public
set jit = off
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_preseller uuid := (p->>'preseller')::uuid;
  v_old deals;
  v_new deals;
  v_identity text;
  v_log bigint;
begin
  if p->>'id' is null then
    -- Locking the lead makes a concurrent erasure (which locks the person's leads first) wait for this
    -- save, whose deal it then deletes, or this save wait for the erasure and find no lead.
    perform 1 from leads l where l.id = (p->>'lead')::uuid for share;
    select pi.identity into v_identity from lead_person_ids pi where pi.lead_id = (p->>'lead')::uuid;
  else
    select d.* into v_old from deals d where d.id = (p->>'id')::uuid for update;
    select pi.identity into v_identity from lead_person_ids pi where pi.lead_id = v_old.lead_id;
  end if;
  if v_identity is null or (v_preseller is not null and not exists (select 1 from meetings m join lead_person_ids pi on pi.lead_id = m.lead_id
      where pi.identity = v_identity and m.preseller_id = v_preseller)) then
    return jsonb_build_object('status', 'missing');
  end if;

  if v_old.id is null then
    v_new.id := gen_random_uuid();
    v_new.lead_id := (p->>'lead')::uuid;
    v_new.created_by := p->>'actor';
    v_new.preseller_id := coalesce(v_preseller, (select m.preseller_id from meetings m join lead_person_ids pi on pi.lead_id = m.lead_id
      where pi.identity = v_identity order by m.status = 'cancelled', m.starts_at desc, m.id limit 1));
    v_new.created_at := v_now;
  else
    v_new := v_old;
  end if;
  v_new.stage := p->>'stage';
  v_new.value_cents := (p->>'value_cents')::bigint;
  v_new.billing := p->>'billing';
  v_new.months := (p->>'months')::integer;
  v_new.expected_close_on := (p->>'expected_close_on')::date;
  v_new.lost_reason := p->>'lost_reason';
  v_new.lost_note := p->>'lost_note';
  v_new.won_at := case when v_new.stage = 'ganho' then coalesce(case when v_old.stage = 'ganho' then v_old.won_at end, v_now) end;
  v_new.lost_at := case when v_new.stage = 'perdido' then coalesce(case when v_old.stage = 'perdido' then v_old.lost_at end, v_now) end;

  if v_old.id is not null then
    if (v_new.stage, v_new.value_cents, v_new.billing, v_new.months, v_new.expected_close_on, v_new.lost_reason, v_new.lost_note)
        is not distinct from (v_old.stage, v_old.value_cents, v_old.billing, v_old.months, v_old.expected_close_on, v_old.lost_reason, v_old.lost_note) then
      return jsonb_build_object('status', 'unchanged', 'lead', v_old.lead_id, 'id', v_old.id);
    end if;
    if v_old.updated_at is distinct from (p->>'updated_at')::timestamptz then
      return jsonb_build_object('status', 'stale', 'lead', v_old.lead_id, 'id', v_old.id);
    end if;
    -- Always later than the version the screen holds, even on a clock that went back: the next check
    -- must tell this version from it.
    v_new.updated_at := greatest(v_now, v_old.updated_at + interval '1 millisecond');
    update deals set stage = v_new.stage, value_cents = v_new.value_cents, billing = v_new.billing, months = v_new.months,
      expected_close_on = v_new.expected_close_on, lost_reason = v_new.lost_reason, lost_note = v_new.lost_note,
      won_at = v_new.won_at, lost_at = v_new.lost_at, updated_at = v_new.updated_at
    where id = v_old.id;
  else
    v_new.updated_at := v_now;
    insert into deals select v_new.*;
  end if;

  insert into deal_stage_log (deal_id, actor, at, from_stage, to_stage, from_value_cents, to_value_cents, from_billing, to_billing,
    from_months, to_months, lost_reason)
  values (v_new.id, p->>'actor', v_new.updated_at, v_old.stage, v_new.stage, v_old.value_cents, v_new.value_cents, v_old.billing,
    v_new.billing, v_old.months, v_new.months, v_new.lost_reason)
  returning id into v_log;
  -- Atividade names the log row, not the person: once the lead is erased the line says only who acted.
  perform painel_log(jsonb_build_object('now', v_new.updated_at, 'actor', p->>'actor', 'action', 'deal', 'subject', v_log::text, 'ip_hash', p->>'ip_hash'));
  return jsonb_build_object('status', 'ok', 'lead', v_new.lead_id, 'id', v_new.id);
end
$$;

-- 6. Atividade: a deal's line carries its change (painel_activity.subject is the deal_stage_log row),
--    gone with the deal when the person is erased.
create or replace function public.painel_activity_list(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', a.id::text, 'at', a.at, 'actor', a.actor, 'action', a.action, 'subject', a.subject)
      || case when a.action = 'deal' then jsonb_build_object('deal', (select jsonb_build_object('leadId', d.lead_id,
          'fromStage', g.from_stage, 'toStage', g.to_stage,
          'from', case when g.from_stage is not null then jsonb_build_object('valueCents', g.from_value_cents, 'billing', g.from_billing, 'months', g.from_months) end,
          'to', jsonb_build_object('valueCents', g.to_value_cents, 'billing', g.to_billing, 'months', g.to_months))
        from deal_stage_log g join deals d on d.id = g.deal_id
        where a.subject ~ '^[0-9]{1,18}$' and g.id = a.subject::bigint)) else '{}'::jsonb end
    order by a.id desc), '[]'::jsonb)
  from (select * from painel_activity a
    where p->'after' is null or jsonb_typeof(p->'after') <> 'object' or a.id < (p->'after'->>'id')::bigint
    order by a.id desc limit (p->>'limit')::int) a;
$$;

-- 7. LGPD: the person's deals and their log are exported with each lead and deleted with the person.
create or replace function public.export_person_data(p_email text, p_team jsonb default '[]'::jsonb)
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
          where m.lead_id = l.id),
        'deals', (
          select coalesce(jsonb_agg(
            (to_jsonb(d) - 'lead_id' - 'preseller_id') || jsonb_build_object('preseller_name', c.name,
              'total_cents', deal_total_cents(d.billing, d.value_cents, d.months),
              'history', (select coalesce(jsonb_agg((to_jsonb(g) - 'id' - 'deal_id') order by g.at, g.id), '[]'::jsonb)
                from deal_stage_log g where g.deal_id = d.id))
            order by d.created_at, d.id), '[]'::jsonb)
          from deals d left join presellers c on c.id = d.preseller_id
          where d.lead_id = l.id))
        order by l.created_at, l.id), '[]'::jsonb)
      from leads l
      where email_identity(l.email) = email_identity(p_email)),
    'messages', (
      select coalesce(jsonb_agg(jsonb_build_object(
          'id', o.id, 'kind', o.kind, 'created_at', o.created_at, 'sent_at', o.sent_at, 'dropped_at', o.dropped_at,
          'message', case when outbox_is_integration(o.kind) then jsonb_build_object('target', o.kind, 'event', o.event)
            when email_identity(o.message->>'to') = email_identity(p_email)
              and email_identity(p_email) not in (select team_identities(p_team)) then o.message
            else jsonb_build_object('to', o.message->>'to', 'subject', o.message->>'subject') end)
        order by o.created_at, o.id), '[]'::jsonb)
      from outbox o
      where o.id in (select person_message_ids(p_email, p_team))));
$$;

-- The deals go by name before the leads rather than only by the foreign key's cascade: the erasure says
-- itself what it takes. Its answer keeps its shape (leads, meetings, outbox): deals are the leads' data.
create or replace function public.delete_person_data(p_email text, p_team jsonb default '[]'::jsonb)
returns jsonb
language plpgsql
set search_path = public
set jit = off
as $$
declare
  v_identity text := email_identity(p_email);
  v_leads uuid[];
  v_outbox integer;
  v_meetings integer;
  v_deleted_leads integer;
begin
  if v_identity is null or position('@' in v_identity) < 2 then
    raise exception 'delete_person_data: an email address is required' using errcode = '22023';
  end if;
  -- Locking the leads first makes a concurrent booking for them wait, then find no lead,
  -- instead of slipping a meeting (and its invites) in between the deletes below.
  v_leads := array(select l.id from leads l where email_identity(l.email) = v_identity order by l.id for update);

  delete from outbox o where o.id in (select person_message_ids(p_email, p_team));
  get diagnostics v_outbox = row_count;
  delete from meetings m where m.lead_id = any(v_leads);
  get diagnostics v_meetings = row_count;
  delete from deals d where d.lead_id = any(v_leads);
  delete from leads l where l.id = any(v_leads);
  get diagnostics v_deleted_leads = row_count;
  if v_deleted_leads > 0 then
    perform integration_enqueue('webhook', 'lead.erased', null, null, null,
      jsonb_build_object('lead_ids', to_jsonb(v_leads)), now());
  end if;

  return jsonb_build_object('leads', v_deleted_leads, 'meetings', v_meetings, 'outbox', v_outbox);
end
$$;

do $$
declare
  f text;
begin
  foreach f in array array['painel_deals', 'painel_deal_save']
  loop
    execute format('revoke all on function public.%I(jsonb) from public, anon, authenticated', f);
    execute format('grant execute on function public.%I(jsonb) to service_role', f);
  end loop;
end
$$;
revoke all on function public.deal_total_cents(text, bigint, integer) from public, anon, authenticated;
grant execute on function public.deal_total_cents(text, bigint, integer) to service_role;
