-- Routing settings, the stored "why" and the month's report (issue 19), for `npm run consultants` and the
-- console (functions/lib/admin/routing.ts runs both). Every function takes and answers one jsonb
-- (Store.call). Input is checked in TypeScript before it gets here; the table CHECKs are the last word.

-- The team's settings and each consultant's weight and caps; or one change to them.
-- p.action: 'settings' → { window, equal_ahead, updated_at, updated_by, consultants: [{ id, name, email,
--   active, weight, cap_day, cap_week }] } (active first, then by name);
-- 'window' (p.window 'mes'|'semana'), 'mode' (p.equal_ahead 1..50 or null: off), both with p.actor;
-- 'weight' (p.email, p.weight 1..1000); 'limit' (p.email; p.cap_day / p.cap_week: a key present sets it,
-- null removes the cap, an absent key keeps it) → { status: 'ok' | 'unknown_consultant' }.
create function public.routing_admin(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_action text := p->>'action';
  v_id uuid;
begin
  if v_action = 'settings' then
    return (select jsonb_build_object('window', s.count_window, 'equal_ahead', s.equal_ahead, 'updated_at', s.updated_at,
      'updated_by', s.updated_by,
      'consultants', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'email', c.email, 'active', c.active,
          'weight', c.weight, 'cap_day', c.cap_day, 'cap_week', c.cap_week) order by c.active desc, c.name, c.email)
        from presellers c), '[]'::jsonb))
      from routing_settings s limit 1);
  elsif v_action = 'window' then
    update routing_settings set count_window = p->>'window', updated_at = now(), updated_by = p->>'actor';
    return jsonb_build_object('status', 'ok');
  elsif v_action = 'mode' then
    update routing_settings set equal_ahead = (p->>'equal_ahead')::integer, updated_at = now(), updated_by = p->>'actor';
    return jsonb_build_object('status', 'ok');
  elsif v_action in ('weight', 'limit') then
    select c.id into v_id from presellers c where lower(c.email) = lower(p->>'email');
    if v_id is null then
      return jsonb_build_object('status', 'unknown_consultant');
    end if;
    if v_action = 'weight' then
      update presellers set weight = (p->>'weight')::integer where id = v_id;
    else
      update presellers set
        cap_day = case when p ? 'cap_day' then (p->>'cap_day')::integer else cap_day end,
        cap_week = case when p ? 'cap_week' then (p->>'cap_week')::integer else cap_week end
      where id = v_id;
    end if;
    return jsonb_build_object('status', 'ok');
  end if;
  raise exception 'routing_admin: unknown action' using errcode = '22023';
end
$$;

-- The id → name of every consultant a stored why names (candidates, the chosen one, the preferred).
create function public.routing_why_names(p_routing jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select coalesce(jsonb_object_agg(c.id, c.name), '{}'::jsonb) from presellers c
  where p_routing is not null and c.id::text in (
    select x->>'id' from jsonb_array_elements(coalesce(p_routing->'input'->'candidates', '[]'::jsonb)) x
    union select p_routing->'decision'->>'chosen'
    union select x->>'id' from jsonb_array_elements(coalesce(p_routing->'input'->'preferred', '[]'::jsonb)) x);
$$;

-- One meeting's why (p.id; p.preseller: a consultant viewing, only their own): { id, startsAt, status,
-- consultant { id, name }, routing (RoutingWhy, null for meetings booked before it was recorded), names }.
-- null when there is no such meeting (or not the viewer's). Ids, counts and reasons only: no lead data.
create function public.routing_why(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select jsonb_build_object('id', m.id, 'startsAt', m.starts_at, 'status', m.status,
    'consultant', jsonb_build_object('id', c.id, 'name', c.name),
    'routing', m.routing, 'names', routing_why_names(m.routing))
  from meetings m join presellers c on c.id = m.preseller_id
  where m.id = (p->>'id')::uuid and (p->>'preseller' is null or m.preseller_id = (p->>'preseller')::uuid);
$$;

-- The month's report (p.month 'AAAA-MM', p.time_zone): meetings booked in the month (booked_at, in that
-- zone) per consultant — booked, held (latest outcome 'attended'), no-shows ('lead_no_show'), cancelled,
-- counted (routing_counted: what fairness counts), share = counted ÷ the team's counted, target = weight ÷
-- Σ weights of the active consultants (null for an inactive one) — and the leads created in the month,
-- with how many of them have a meeting (any status). Every active consultant is listed, and anyone
-- else with a meeting booked in the month.
create function public.routing_report(p jsonb)
returns jsonb
language plpgsql stable
set search_path = public
as $$
declare
  v_tz text := coalesce(p->>'time_zone', 'America/Sao_Paulo');
  v_month date := ((p->>'month') || '-01')::date;
  v_from timestamptz := v_month::timestamp at time zone v_tz;
  v_to timestamptz := (v_month + interval '1 month')::timestamp at time zone v_tz;
  v_weights numeric;
  v_result jsonb;
begin
  select sum(weight) into v_weights from presellers where active;
  with counted as (
    select c.meeting_id from routing_counted(v_from, v_to) c
  ), booked as (
    select m.preseller_id, m.status,
      (select o.attendance from meeting_outcomes o where o.meeting_id = m.id order by o.recorded_at desc, o.id desc limit 1) as attendance,
      c.meeting_id is not null as counts
    from meetings m left join counted c on c.meeting_id = m.id where m.booked_at >= v_from and m.booked_at < v_to
  ), per as (
    select c.id, c.name, c.email, c.active, c.weight,
      count(b.preseller_id) as booked,
      count(*) filter (where b.status = 'scheduled' and b.attendance = 'attended') as held,
      count(*) filter (where b.status = 'scheduled' and b.attendance = 'lead_no_show') as no_shows,
      count(*) filter (where b.status = 'cancelled') as cancelled,
      count(*) filter (where b.counts) as counted
    from presellers c left join booked b on b.preseller_id = c.id
    group by c.id
    having c.active or count(b.preseller_id) > 0
  ), team as (select sum(counted) as counted from per)
  select jsonb_build_object('month', to_char(v_month, 'YYYY-MM'), 'from', v_from, 'to', v_to,
    'consultants', coalesce((select jsonb_agg(jsonb_build_object('id', per.id, 'name', per.name, 'email', per.email,
        'active', per.active, 'weight', per.weight, 'booked', per.booked, 'held', per.held, 'no_shows', per.no_shows,
        'cancelled', per.cancelled, 'counted', per.counted,
        'share', case when team.counted > 0 then round(per.counted / team.counted, 4) end,
        'target', case when per.active and v_weights > 0 then round(per.weight / v_weights, 4) end)
      order by per.active desc, per.name, per.email) from per, team), '[]'::jsonb),
    'leads', (select count(*) from leads l where l.created_at >= v_from and l.created_at < v_to),
    'leads_booked', (select count(*) from leads l where l.created_at >= v_from and l.created_at < v_to
      and exists (select 1 from meetings m where m.lead_id = l.id)))
  into v_result;
  return v_result;
end
$$;

-- painel_meeting as in 20261126000100_painel_functions.sql, plus the why ({ routing, names }, null for a
-- meeting booked before routing was recorded). Who sees it: the mentor, and the consultant of the meeting
-- (the only one painel_meeting answers a consultant for). It holds colleagues' names, counts, weights and
-- one reason word each ('folga', 'ocupado', …): in a team of 3 to 6 that is what makes the rule
-- checkable by the people it rules, and it holds no lead data, no time-off reason, no calendar title,
-- feed or token. A consultant already sees their colleagues' names in the console's filters.
create or replace function public.painel_meeting(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select painel_meeting_json(m.id) || jsonb_build_object(
    'lead', jsonb_build_object('id', l.id, 'name', l.nome, 'company', l.empresa, 'email', l.email, 'phone', l.telefone, 'cnpj', l.cnpj),
    'cancelledBy', m.cancelled_by,
    'cancelReason', m.cancel_reason,
    'outcomes', coalesce((select jsonb_agg(painel_outcome_json(o) order by o.recorded_at desc, o.id desc)
      from meeting_outcomes o where o.meeting_id = m.id), '[]'::jsonb),
    'canRecordOutcome', m.status = 'scheduled' and m.starts_at <= (p->>'now')::timestamptz,
    'events', coalesce((select jsonb_agg(e.event order by e.at, e.n) from (
        select ev.at, ev.id as n, case ev.kind
            when 'booked' then jsonb_build_object('kind', 'booked', 'at', ev.at, 'startsAt', ev.to_starts_at)
            when 'rescheduled' then jsonb_build_object('kind', 'rescheduled', 'at', ev.at, 'from', ev.from_starts_at, 'to', ev.to_starts_at)
            else jsonb_build_object('kind', 'cancelled', 'at', ev.at, 'by', ev.actor, 'reason', ev.reason) end as event
          from meeting_events ev where ev.meeting_id = m.id
        union all
        select o.created_at, 0, jsonb_build_object('kind', 'mail', 'at', o.created_at, 'mailKind', o.kind,
            'subject', coalesce(o.message->>'subject', ''), 'sentAt', o.sent_at,
            'to', case lower(o.message->>'to') when lower(l.email) then 'lead' when lower(c.email) then 'consultant' else 'other' end)
          from outbox o where o.meeting_id = m.id
        union all
        select o.recorded_at, 0, jsonb_build_object('kind', 'outcome', 'at', o.recorded_at, 'outcome', painel_outcome_json(o))
          from meeting_outcomes o where o.meeting_id = m.id
      ) e), '[]'::jsonb),
    'why', case when m.routing is not null then jsonb_build_object('routing', m.routing, 'names', routing_why_names(m.routing)) end)
  from meetings m join leads l on l.id = m.lead_id join presellers c on c.id = m.preseller_id
  where m.id = (p->>'id')::uuid and (p->>'preseller' is null or m.preseller_id = (p->>'preseller')::uuid);
$$;

revoke all on function public.routing_admin(jsonb) from public, anon, authenticated;
revoke all on function public.routing_why(jsonb) from public, anon, authenticated;
revoke all on function public.routing_report(jsonb) from public, anon, authenticated;
revoke all on function public.routing_why_names(jsonb) from public, anon, authenticated;
grant execute on function public.routing_why_names(jsonb) to service_role;
revoke all on function public.painel_meeting(jsonb) from public, anon, authenticated;
grant execute on function public.routing_admin(jsonb) to service_role;
grant execute on function public.routing_why(jsonb) to service_role;
grant execute on function public.routing_report(jsonb) to service_role;
grant execute on function public.painel_meeting(jsonb) to service_role;
