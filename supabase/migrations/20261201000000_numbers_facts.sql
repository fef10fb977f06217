-- Números on a real year (issue 34, item 4): what every figure reads, kept ready by the writers instead of
-- computed per query. Profiled on 50,000 demo leads / 20,000 meetings (PostgreSQL 15, a 366-day period,
-- ~700 ms for the screen's call): numbers_people 290 ms (two sorts of the period's rows by person and a
-- hash aggregate over a scan of the wide leads rows, plus 38 ms of planning), the grouping sets 40 ms
-- (t->>'utm_…' over jsonb per row and set), the previous period another 245 ms, the consultants 80 ms
-- (routing_counted's nested NOT EXISTS over outcomes 36 ms, a lateral latest-outcome lookup per meeting),
-- the time part 41 ms. Definitions are unchanged: numbers_people and painel_numbers answer exactly as in
-- 20261130020000_numbers.sql (tests/integration/painel-numbers.test.ts holds them to the reference SQL).

-- 1. A meeting's latest outcome (recorded_at, id: the one the painel shows), one row per meeting that has
--    one, written by a trigger on meeting_outcomes: every writer (the painel, the seed, a test) records it
--    the same way, and an erasure's cascade takes it.
create table public.meeting_latest_outcomes (
  meeting_id uuid primary key references public.meetings (id) on delete cascade,
  attendance text not null,
  qualified boolean
);
alter table public.meeting_latest_outcomes enable row level security;
insert into meeting_latest_outcomes (meeting_id, attendance, qualified)
select distinct on (o.meeting_id) o.meeting_id, o.attendance, o.qualified from meeting_outcomes o
order by o.meeting_id, o.recorded_at desc, o.id desc;

-- 2. A lead's person and the facts Números counts, on the one row per lead that already held its person
--    (lead_person_ids, 20261130000000_painel_person_leads.sql): the submission's date, its person's
--    previous and next submission dates (so "the person's earliest/latest row of a period" is a test on
--    the row itself: prev_at < from, next_at >= to; no sort by person), its touches' utm fields, answers
--    and routing, and its steps over all its meetings (booked; attended and qualified by the latest
--    outcome of a meeting not cancelled). leads.person_key, a second stored copy of the same identity
--    (added for Números), goes: one home for "the person of a lead".
alter table public.lead_person_ids
  add column created_at timestamptz, add column prev_at timestamptz, add column next_at timestamptz,
  add column f_source text, add column f_medium text, add column f_campaign text, add column f_referrer text,
  add column l_source text, add column l_medium text, add column l_campaign text, add column l_referrer text,
  add column segmento text, add column faturamento text, add column servico text, add column routing_kind text,
  add column booked boolean not null default false, add column attended boolean not null default false,
  add column qualified boolean not null default false;
alter table public.leads drop column person_key;

-- The writers keep them through triggers, one set-based pass per statement (transition tables): the
-- form writes one lead, the demo seed 50,000 in one statement, an erasure a person's rows at once. Row by
-- row, each call's plan was made when the tables were empty (a bulk load's first rows) and scanned them
-- whole ever after: loading 2,000 demo leads took 2.5 times as long.

-- Leads' steps from their meetings as they are now.
create function public.lead_numbers_steps(p_leads uuid[])
returns void
language plpgsql
set search_path = public
set jit = off
as $$
begin
  update lead_person_ids i set booked = s.booked, attended = s.attended, qualified = s.qualified
  from (select x.id, exists (select 1 from meetings m where m.lead_id = x.id) as booked,
      exists (select 1 from meetings m join meeting_latest_outcomes o on o.meeting_id = m.id
        where m.lead_id = x.id and m.status = 'scheduled' and o.attendance = 'attended') as attended,
      exists (select 1 from meetings m join meeting_latest_outcomes o on o.meeting_id = m.id
        where m.lead_id = x.id and m.status = 'scheduled' and o.attendance = 'attended' and o.qualified) as qualified
    from (select distinct u.id from unnest(p_leads) u(id) where u.id is not null) x) s
  where i.lead_id = s.id and (i.booked, i.attended, i.qualified) is distinct from (s.booked, s.attended, s.qualified);
end
$$;

-- Every row of these persons: its answers and its place among the person's submissions (created_at, id).
create function public.lead_numbers_refresh(p_identities text[])
returns void
language plpgsql
set search_path = public
set jit = off
as $$
begin
  update lead_person_ids i set created_at = x.created_at, prev_at = x.prev_at, next_at = x.next_at,
    f_source = x.first_touch->>'utm_source', f_medium = x.first_touch->>'utm_medium',
    f_campaign = x.first_touch->>'utm_campaign', f_referrer = x.first_touch->>'referrer_host',
    l_source = x.last_touch->>'utm_source', l_medium = x.last_touch->>'utm_medium',
    l_campaign = x.last_touch->>'utm_campaign', l_referrer = x.last_touch->>'referrer_host',
    segmento = x.segmento, faturamento = x.faturamento, servico = x.servico, routing_kind = x.routing_kind
  from (select l.id, l.created_at, lag(l.created_at) over w as prev_at, lead(l.created_at) over w as next_at,
      l.first_touch, l.last_touch, l.segmento, l.faturamento, l.servico, l.routing_kind
    from lead_person_ids p join leads l on l.id = p.lead_id where p.identity = any(p_identities)
    window w as (partition by p.identity order by l.created_at, l.id)) x
  where i.lead_id = x.id;
end
$$;

-- These meetings' latest outcomes (none for a meeting being deleted: its outcomes go by cascade), then
-- their leads' steps.
create function public.meeting_latest_refresh(p_meetings uuid[])
returns void
language plpgsql
set search_path = public
set jit = off
as $$
begin
  delete from meeting_latest_outcomes where meeting_id = any(p_meetings);
  insert into meeting_latest_outcomes (meeting_id, attendance, qualified)
  select distinct on (o.meeting_id) o.meeting_id, o.attendance, o.qualified
  from meeting_outcomes o join meetings m on m.id = o.meeting_id
  where o.meeting_id = any(p_meetings)
  order by o.meeting_id, o.recorded_at desc, o.id desc;
  perform lead_numbers_steps(array(select m.lead_id from meetings m where m.id = any(p_meetings)));
end
$$;

-- Leads added (their person rows are made by lead_persons_sync, a row trigger, which runs first) or
-- deleted (theirs go by cascade; the person's other rows are re-placed): `changed` is the statement's rows.
create function public.leads_numbers_rows()
returns trigger
language plpgsql
set search_path = public
set jit = off
as $$
begin
  if tg_op = 'INSERT' then
    -- Their steps stay false: a lead's meetings come after it.
    perform lead_numbers_refresh(array(select i.identity from changed c join lead_person_ids i on i.lead_id = c.id));
  else
    perform lead_numbers_refresh(array(select email_identity(c.email) from changed c));
  end if;
  return null;
end
$$;
create trigger leads_numbers_added after insert on public.leads referencing new table as changed
for each statement execute function public.leads_numbers_rows();
create trigger leads_numbers_gone after delete on public.leads referencing old table as changed
for each statement execute function public.leads_numbers_rows();

-- A lead's answers, date or address changed (the painel's corrections, a test's history): its person's
-- rows, and its former person's when the address moved it (lead_persons_sync re-points lead_person_ids).
create function public.leads_numbers_sync()
returns trigger
language plpgsql
set search_path = public
set jit = off
as $$
begin
  perform lead_numbers_refresh(array(select i.identity from lead_person_ids i where i.lead_id = new.id)
    || case when new.email is distinct from old.email then array[email_identity(old.email)] else '{}'::text[] end);
  return null;
end
$$;
create trigger leads_numbers_sync after update of email, created_at, first_touch, last_touch, segmento, faturamento, servico, routing_kind
on public.leads for each row execute function public.leads_numbers_sync();

-- Meetings booked or deleted (statement), or one cancelled or moved to another lead (row): leads' steps.
create function public.meetings_numbers_rows()
returns trigger
language plpgsql
set search_path = public
set jit = off
as $$
begin
  perform lead_numbers_steps(array(select c.lead_id from changed c));
  return null;
end
$$;
create trigger meetings_numbers_added after insert on public.meetings referencing new table as changed
for each statement execute function public.meetings_numbers_rows();
create trigger meetings_numbers_gone after delete on public.meetings referencing old table as changed
for each statement execute function public.meetings_numbers_rows();
create function public.meetings_numbers_sync()
returns trigger
language plpgsql
set search_path = public
set jit = off
as $$
begin
  perform lead_numbers_steps(array[old.lead_id, new.lead_id]);
  return null;
end
$$;
create trigger meetings_numbers_sync after update of status, lead_id on public.meetings
for each row execute function public.meetings_numbers_sync();

-- Outcomes recorded or removed (statement), or one changed (row): the meetings' latest, their leads' steps.
create function public.meeting_outcomes_numbers_rows()
returns trigger
language plpgsql
set search_path = public
set jit = off
as $$
begin
  perform meeting_latest_refresh(array(select distinct c.meeting_id from changed c));
  return null;
end
$$;
create trigger meeting_outcomes_numbers_added after insert on public.meeting_outcomes referencing new table as changed
for each statement execute function public.meeting_outcomes_numbers_rows();
create trigger meeting_outcomes_numbers_gone after delete on public.meeting_outcomes referencing old table as changed
for each statement execute function public.meeting_outcomes_numbers_rows();
create function public.meeting_outcomes_numbers_sync()
returns trigger
language plpgsql
set search_path = public
set jit = off
as $$
begin
  perform meeting_latest_refresh(array[old.meeting_id, new.meeting_id]);
  return null;
end
$$;
create trigger meeting_outcomes_numbers_sync after update on public.meeting_outcomes
for each row execute function public.meeting_outcomes_numbers_sync();

-- The rows there are: one pass per table, not a function call per person.
update lead_person_ids i set created_at = x.created_at, prev_at = x.prev_at, next_at = x.next_at,
  f_source = x.first_touch->>'utm_source', f_medium = x.first_touch->>'utm_medium',
  f_campaign = x.first_touch->>'utm_campaign', f_referrer = x.first_touch->>'referrer_host',
  l_source = x.last_touch->>'utm_source', l_medium = x.last_touch->>'utm_medium',
  l_campaign = x.last_touch->>'utm_campaign', l_referrer = x.last_touch->>'referrer_host',
  segmento = x.segmento, faturamento = x.faturamento, servico = x.servico, routing_kind = x.routing_kind,
  booked = x.booked, attended = x.attended, qualified = x.qualified
from (select l.id, l.created_at, lag(l.created_at) over w as prev_at, lead(l.created_at) over w as next_at,
    l.first_touch, l.last_touch, l.segmento, l.faturamento, l.servico, l.routing_kind,
    coalesce(s.booked, false) as booked, coalesce(s.attended, false) as attended, coalesce(s.qualified, false) as qualified
  from lead_person_ids p join leads l on l.id = p.lead_id
  left join (select m.lead_id, true as booked,
      bool_or(m.status = 'scheduled' and o.attendance = 'attended') is true as attended,
      bool_or(m.status = 'scheduled' and o.attendance = 'attended' and o.qualified) is true as qualified
    from meetings m left join meeting_latest_outcomes o on o.meeting_id = m.id group by m.lead_id) s on s.lead_id = l.id
  window w as (partition by p.identity order by l.created_at, l.id)) x
where i.lead_id = x.id;
create index lead_person_ids_created_idx on public.lead_person_ids (created_at);

revoke all on function public.lead_numbers_steps(uuid[]) from public, anon, authenticated;
revoke all on function public.lead_numbers_refresh(text[]) from public, anon, authenticated;
revoke all on function public.meeting_latest_refresh(uuid[]) from public, anon, authenticated;
revoke all on function public.leads_numbers_rows() from public, anon, authenticated;
revoke all on function public.leads_numbers_sync() from public, anon, authenticated;
revoke all on function public.meetings_numbers_rows() from public, anon, authenticated;
revoke all on function public.meetings_numbers_sync() from public, anon, authenticated;
revoke all on function public.meeting_outcomes_numbers_rows() from public, anon, authenticated;
revoke all on function public.meeting_outcomes_numbers_sync() from public, anon, authenticated;
