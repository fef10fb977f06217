-- Reuniões (issue 32 item 5 and 6): filter by outcome and by the booking's date as well as the meeting's,
-- count every tab under the same filters ("Sem desfecho (23)"), and export what a spreadsheet joins on.
--
-- p, beside painel_meetings' own (tab, preseller, consultant, service, from, to, after, limit, now):
--   outcome     'compareceu' | 'nao-compareceu' | 'qualificado' | 'sem-desfecho': the latest outcome
--   date_field  'reuniao' (default: from/to bound the meeting's start) | 'agendamento' (its booking)
--   export      true: each row adds bookedAt and the lead's email, phone, cnpj and first-touch campaign

-- The filters but the tab, as SQL over `m` (a meeting) with painel_meetings' parameter numbers.
create function public.painel_meeting_filter(p jsonb)
returns text
language plpgsql immutable
set search_path = public
set jit = off
as $$
declare
  v text := 'true';
  v_date text := case p->>'date_field' when 'agendamento' then 'm.booked_at' else 'm.starts_at' end;
  -- The latest outcome, as painel_meeting_json shows it.
  v_latest text := '(select %s from meeting_outcomes o where o.meeting_id = m.id order by o.recorded_at desc, o.id limit 1)';
begin
  if p->>'preseller' is not null then v := v || ' and m.preseller_id = $2'; end if;
  if p->>'consultant' is not null then v := v || ' and m.preseller_id = $3'; end if;
  if p->>'service' is not null then v := v || ' and m.service = $4'; end if;
  if p->>'from' is not null then v := v || format(' and %s >= $5', v_date); end if;
  if p->>'to' is not null then v := v || format(' and %s < $6', v_date); end if;
  v := v || case p->>'outcome'
    when 'compareceu' then format(' and %s = ''attended''', format(v_latest, 'o.attendance'))
    when 'nao-compareceu' then format(' and %s in (''lead_no_show'', ''consultant_no_show'')', format(v_latest, 'o.attendance'))
    when 'qualificado' then format(' and %s is true', format(v_latest, 'o.qualified'))
    when 'sem-desfecho' then ' and m.id not in (select o.meeting_id from meeting_outcomes o)'
    else '' end;
  return v;
end
$$;

-- A tab as SQL over `m` ($1: now).
create function public.painel_meeting_tab(p_tab text)
returns text
language plpgsql immutable
set search_path = public
set jit = off
as $$
begin
  return case p_tab
    when 'proximas' then 'm.status = ''scheduled'' and m.ends_at > $1'
    -- NOT IN over a non-null column: one hashed pass over the outcomes, not a probe per meeting (the
    -- counts read every meeting: on 50,000 demo leads in PGlite, p50 164 → 60 ms).
    when 'sem-desfecho' then 'm.status = ''scheduled'' and m.ends_at <= $1 and m.id not in (select o.meeting_id from meeting_outcomes o)'
    when 'canceladas' then 'm.status = ''cancelled'''
    when 'passadas' then 'm.status = ''scheduled'' and m.ends_at <= $1'
  end;
end
$$;

create or replace function public.painel_meetings(p jsonb)
returns jsonb
language plpgsql stable
set search_path = public
set jit = off
as $$
declare
  v_tab text := coalesce(p->>'tab', 'proximas');
  v_dir text := case when coalesce(p->>'tab', 'proximas') = 'proximas' then 'asc' else 'desc' end;
  v_where text := painel_meeting_tab(coalesce(p->>'tab', 'proximas'));
  v_row text := 'painel_meeting_json(x.id)';
  v_rows jsonb;
begin
  if v_where is null then
    raise exception 'painel_meetings: unknown tab' using errcode = '22023';
  end if;
  v_where := v_where || ' and ' || painel_meeting_filter(p);
  if p->'after' is not null and jsonb_typeof(p->'after') = 'object' then
    v_where := v_where || format(' and (m.starts_at, m.id) %s ($7, $8)', case v_dir when 'asc' then '>' else '<' end);
  end if;
  if (p->>'export')::boolean is true then
    v_row := v_row || ' || (select jsonb_build_object(''bookedAt'', m2.booked_at, ''contact'', jsonb_build_object(''email'', l.email, ''phone'', l.telefone,'
      || ' ''cnpj'', l.cnpj, ''campaign'', l.first_touch->>''utm_campaign'')) from meetings m2 join leads l on l.id = m2.lead_id where m2.id = x.id)';
  end if;
  execute format(
    'select coalesce(jsonb_agg(%3$s order by x.starts_at %1$s, x.id %1$s), ''[]'') from (
       select m.id, m.starts_at from meetings m where %2$s order by m.starts_at %1$s, m.id %1$s limit $9) x',
    v_dir, v_where, v_row)
  into v_rows
  using (p->>'now')::timestamptz, (p->>'preseller')::uuid, (p->>'consultant')::uuid, p->>'service',
    (p->>'from')::timestamptz, (p->>'to')::timestamptz, (p->'after'->>'t')::timestamptz, (p->'after'->>'id')::uuid,
    (p->>'limit')::int;
  return v_rows;
end
$$;

-- Every tab's total under the same filters (p as painel_meetings, tab and after ignored):
-- { "proximas": n, "sem-desfecho": n, "canceladas": n, "passadas": n }.
create function public.painel_meeting_counts(p jsonb)
returns jsonb
language plpgsql stable
set search_path = public
set jit = off
as $$
declare
  v_counts jsonb;
begin
  execute format(
    'select jsonb_build_object(''proximas'', count(*) filter (where %s), ''sem-desfecho'', count(*) filter (where %s),
       ''canceladas'', count(*) filter (where %s), ''passadas'', count(*) filter (where %s)) from meetings m where %s',
    painel_meeting_tab('proximas'), painel_meeting_tab('sem-desfecho'), painel_meeting_tab('canceladas'), painel_meeting_tab('passadas'),
    painel_meeting_filter(p))
  into v_counts
  using (p->>'now')::timestamptz, (p->>'preseller')::uuid, (p->>'consultant')::uuid, p->>'service',
    (p->>'from')::timestamptz, (p->>'to')::timestamptz;
  return v_counts;
end
$$;

do $$
declare
  f text;
begin
  foreach f in array array['painel_meeting_filter', 'painel_meeting_counts', 'painel_meetings']
  loop
    execute format('revoke all on function public.%I(jsonb) from public, anon, authenticated', f);
    execute format('grant execute on function public.%I(jsonb) to service_role', f);
  end loop;
  revoke all on function public.painel_meeting_tab(text) from public, anon, authenticated;
  grant execute on function public.painel_meeting_tab(text) to service_role;
end
$$;
