-- Routing (issue 19): who gets each lead. The rule lives in src/domain/scheduling/routing.ts (pure); the
-- database keeps its settings, the facts it reads (routing_state), the caps inside the booking
-- transaction, and the "why" of every booking (meetings.routing).

-- 1. Settings per consultant: a weight (100 = a full share; 50 = half) and optional caps on scheduled
--    meetings per day and per week (by the meeting's local date, Monday-based weeks).
alter table public.presellers
  add column weight integer not null default 100 check (weight between 1 and 1000),
  add column cap_day integer check (cap_day is null or cap_day between 1 and 50),
  add column cap_week integer check (cap_week is null or cap_week between 1 and 250);

-- 2. Team settings, one row: the counting window ('mes': the calendar month in the scheduling zone;
--    'semana': Monday to Monday) and the optional equal distribution (hide a consultant while they are
--    equal_ahead or more meetings ahead of the least-loaded consultant who works that day; null: off).
create table public.routing_settings (
  id boolean primary key default true check (id),
  count_window text not null default 'mes' check (count_window in ('mes', 'semana')),
  equal_ahead integer check (equal_ahead is null or equal_ahead between 1 and 50),
  updated_at timestamptz not null default now(),
  updated_by text
);
insert into public.routing_settings default values;
alter table public.routing_settings enable row level security;

-- 3. When a meeting was booked (the application's clock; fairness counts by it, not by the meeting's
--    start) and why its consultant was chosen (RoutingWhy: ids, counts and reasons, no lead data).
alter table public.meetings add column booked_at timestamptz, add column routing jsonb;
update public.meetings set booked_at = created_at;
alter table public.meetings alter column booked_at set not null, alter column booked_at set default now();
create index meetings_booked_at_idx on public.meetings (booked_at) where status = 'scheduled';

-- 3b. The lead's service (the wizard's choice: consultoria or trafego) and the routing rule its answers
--     matched: 'team' (everyone), 'pool' (the rule's consultants) or 'none' (no meeting: the rule's
--     message instead of the calendar). Written by create_lead (20261127000100_lead_routing.sql).
alter table public.leads
  add column servico text check (servico is null or servico in ('consultoria', 'trafego')),
  add column routing_rule text check (routing_rule is null or char_length(routing_rule) <= 120),
  add column routing_kind text check (routing_kind is null or routing_kind in ('team', 'pool', 'none'));

-- 4. list_busy says what each interval is, for the "why": a meeting or calendar block ('ocupado'),
--    time off ('folga'). Hours are added by the application (lib/schedules.ts).
drop function public.list_busy(timestamptz, timestamptz);
create function public.list_busy(p_from timestamptz, p_to timestamptz)
returns table (preseller_id uuid, starts_at timestamptz, ends_at timestamptz, kind text)
language sql stable
set search_path = public
as $$
  select m.preseller_id, m.starts_at, m.ends_at, 'meeting' from meetings m
  where m.status = 'scheduled' and m.starts_at < p_to and m.ends_at > p_from
  union all
  select t.preseller_id, t.starts_at, t.ends_at, 'time_off' from preseller_time_off t
  where t.starts_at < p_to and t.ends_at > p_from
  union all
  select b.preseller_id, b.starts_at, b.ends_at, 'calendar' from calendar_busy b
  where b.starts_at < p_to and b.ends_at > p_from;
$$;

-- 5. The meetings fairness counts among those booked in [p_from, p_to): not cancelled, and whose latest
--    outcome is not "Lead não compareceu" (the consultant gets that credit back). A set, called once per
--    query: a per-meeting SQL function (with its search_path set, never inlined) cost ~25 µs a meeting on
--    PGlite (npm run bench -- routing), 11 of routing_state's 14 ms.
create function public.routing_counted(p_from timestamptz, p_to timestamptz)
returns table (meeting_id uuid, preseller_id uuid, booked_at timestamptz)
language sql stable
set search_path = public
as $$
  select m.id, m.preseller_id, m.booked_at from meetings m
  where m.booked_at >= p_from and m.booked_at < p_to and m.status = 'scheduled'
    and not exists (select 1 from meeting_outcomes o where o.meeting_id = m.id and o.attendance = 'lead_no_show'
      and not exists (select 1 from meeting_outcomes l where l.meeting_id = o.meeting_id
        and (l.recorded_at, l.id) > (o.recorded_at, o.id)));
$$;
-- A consultant's latest assignment (least recently assigned breaks ties) is one index read.
create index meetings_preseller_booked_idx on public.meetings (preseller_id, booked_at desc) where status = 'scheduled';

-- 6. The facts the router needs, in one call. p: { month_from, month_to, week_from, week_to (booking
--    windows; the setting picks one), now, time_zone, load_from, load_to (meeting starts, for caps) }.
--    credit: a consultant added inside the window starts at the average load the others had booked
--    before they joined; each full day off inside the window (up to now) adds what the others booked
--    that day divided among their shares — both times the consultant's own share (weight ÷ 100), so a
--    half-share newcomer starts at the team's load, not at twice it. Answer: { settings, window, consultants: [...], load: [{ id, date, n }] }.
create function public.routing_state(p jsonb)
returns jsonb
language plpgsql stable
set search_path = public
as $$
declare
  v_settings routing_settings%rowtype;
  v_tz text := coalesce(p->>'time_zone', 'America/Sao_Paulo');
  v_now timestamptz := coalesce((p->>'now')::timestamptz, now());
  v_from timestamptz;
  v_to timestamptz;
  v_shares numeric;
  v_result jsonb;
begin
  select * into v_settings from routing_settings limit 1;
  if v_settings.count_window = 'semana' then
    v_from := (p->>'week_from')::timestamptz; v_to := (p->>'week_to')::timestamptz;
  else
    v_from := (p->>'month_from')::timestamptz; v_to := (p->>'month_to')::timestamptz;
  end if;
  -- The team's shares (weight 100 = 1): credits are in meetings per share, times the consultant's own.
  select coalesce(sum(weight), 0) / 100.0 into v_shares from presellers where active;

  with team as (
    select id, weight, cap_day, cap_week, created_at from presellers where active
  ), counted as (
    select c.preseller_id, c.booked_at from routing_counted(v_from, v_to) c
  ), per_consultant as (
    select preseller_id, count(*) as n from counted group by preseller_id
  ), per_day as (
    select preseller_id, (booked_at at time zone v_tz)::date as day, count(*) as n from counted group by 1, 2
  ), days as (
    select d::date as day, (d::date::timestamp at time zone v_tz) as day_start,
      ((d::date + 1)::timestamp at time zone v_tz) as day_end
    from generate_series((v_from at time zone v_tz)::date, (least(v_now, v_to - interval '1 second') at time zone v_tz)::date, interval '1 day') d
  ), off_credit as (
    select t.id, sum(coalesce((select sum(x.n) from per_day x where x.day = d.day and x.preseller_id <> t.id), 0)::numeric
      / greatest(0.01, v_shares - t.weight / 100.0) * t.weight / 100.0) as credit
    from team t join days d on d.day_start >= t.created_at
    where exists (select 1 from preseller_time_off o where o.preseller_id = t.id
      and o.starts_at <= d.day_start and o.ends_at >= d.day_end)
    group by t.id
  ), newcomer_credit as (
    select t.id, (select count(*) from counted x where x.preseller_id <> t.id and x.booked_at < t.created_at)::numeric
      / greatest(0.01, (select sum(t2.weight) / 100.0 from team t2 where t2.created_at < t.created_at)) * t.weight / 100.0 as credit
    from team t where t.created_at > v_from
  )
  select jsonb_build_object(
    'settings', jsonb_build_object('window', v_settings.count_window, 'equal_ahead', v_settings.equal_ahead),
    'window', jsonb_build_object('from', v_from, 'to', v_to),
    'consultants', coalesce((select jsonb_agg(jsonb_build_object(
        'id', t.id, 'weight', t.weight, 'cap_day', t.cap_day, 'cap_week', t.cap_week,
        'count', coalesce((select pc.n from per_consultant pc where pc.preseller_id = t.id), 0),
        'credit', round(coalesce((select c.credit from off_credit c where c.id = t.id), 0)
          + coalesce((select c.credit from newcomer_credit c where c.id = t.id), 0), 3),
        'last_assigned_at', (select m.booked_at from meetings m where m.preseller_id = t.id and m.status = 'scheduled'
          order by m.booked_at desc limit 1)
      ) order by t.id) from team t), '[]'::jsonb),
    'load', coalesce((select jsonb_agg(jsonb_build_object('id', l.preseller_id, 'date', l.day, 'n', l.n))
      from (select m.preseller_id, (m.starts_at at time zone v_tz)::date as day, count(*) as n from meetings m
        where m.status = 'scheduled' and m.starts_at >= (p->>'load_from')::timestamptz and m.starts_at < (p->>'load_to')::timestamptz
        group by 1, 2) l), '[]'::jsonb)
  ) into v_result;
  return v_result;
end
$$;

-- 7. Caps, inside the booking and reschedule transactions (which hold the consultant's advisory lock,
--    so two concurrent bookings cannot both take the last place).
create function public.preseller_over_cap(p_preseller_id uuid, p_starts_at timestamptz, p_tz text, p_except uuid)
returns boolean
language sql stable
set search_path = public
as $$
  with c as (select cap_day, cap_week from presellers where id = p_preseller_id),
  d as (select (p_starts_at at time zone p_tz)::date as day),
  mine as (
    select (m.starts_at at time zone p_tz)::date as day from meetings m, d
    where m.preseller_id = p_preseller_id and m.status = 'scheduled' and m.id is distinct from p_except
      and m.starts_at >= ((date_trunc('week', d.day::timestamp)) at time zone p_tz) - interval '1 day'
      and m.starts_at < ((date_trunc('week', d.day::timestamp) + interval '7 days') at time zone p_tz) + interval '1 day'
  )
  select coalesce((select c.cap_day is not null and (select count(*) from mine, d where mine.day = d.day) >= c.cap_day
      or c.cap_week is not null and (select count(*) from mine, d
        where date_trunc('week', mine.day::timestamp) = date_trunc('week', d.day::timestamp)) >= c.cap_week
    from c), false);
$$;

-- 8. book_meeting as in 20261125000000_same_person.sql, plus: a consultant at their cap answers
--    'capped' (no meeting id: the adapters read it as a conflict, and the application routes again), booked_at is the application's clock, and the routing
--    "why" is stored with the meeting.
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
  select l.email into v_email from leads l where l.id = (p_meeting->>'lead_id')::uuid;
  if v_email is not null then
    perform pg_advisory_xact_lock(20261123, hashtext(email_identity(v_email)));
  end if;
  -- One booking per consultant at a time; lock order is always person → consultant.
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

  if preseller_over_cap((p_meeting->>'preseller_id')::uuid, (p_meeting->>'starts_at')::timestamptz,
      coalesce(p_meeting->>'time_zone', 'America/Sao_Paulo'), null) then
    return query select 'capped'::text, null::uuid, null::uuid, null::timestamptz;
    return;
  end if;

  begin
    insert into meetings (id, lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key,
      request_fingerprint, time_set_at, link_sent_at, lead_time_zone, booked_at, routing)
    values ((p_meeting->>'id')::uuid, (p_meeting->>'lead_id')::uuid, (p_meeting->>'preseller_id')::uuid,
      (p_meeting->>'starts_at')::timestamptz, (p_meeting->>'ends_at')::timestamptz, p_meeting->>'service',
      (p_meeting->>'diagnostic_score')::integer, v_key, v_fingerprint, v_now, v_now, v_zone, v_now,
      nullif(p_meeting->'routing', 'null'::jsonb));
  exception
    when exclusion_violation then
      return query select 'conflict'::text, null::uuid, null::uuid, null::timestamptz;
      return;
    when unique_violation then
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

-- 9. reschedule_meeting as in 20261125000000_same_person.sql, plus the caps ('conflict': the
--    application routes again) and the routing "why" of the move (the consultant kept, or another).
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

-- 10. The router's counts replace count_meetings (scheduled meetings per week, by start).
drop function public.count_meetings(timestamptz, timestamptz);

revoke all on function public.list_busy(timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.routing_counted(timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.routing_state(jsonb) from public, anon, authenticated;
revoke all on function public.preseller_over_cap(uuid, timestamptz, text, uuid) from public, anon, authenticated;
grant execute on function public.list_busy(timestamptz, timestamptz) to service_role;
grant execute on function public.routing_state(jsonb) to service_role;
-- Called inside the functions above, which run as their caller (the service role).
grant execute on function public.routing_counted(timestamptz, timestamptz) to service_role;
grant execute on function public.preseller_over_cap(uuid, timestamptz, text, uuid) to service_role;
