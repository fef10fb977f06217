-- public.painel_leads(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_leads(p jsonb)
 RETURNS json
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
 SET random_page_cost TO '1.1'
 SET work_mem TO '32MB'
AS $function$
declare
  v_search text := 'true';
  v_where text := 'true';
  -- Every lead of the row's person (hp: its lead_persons row), joined: one index probe, then its meetings.
  c_person constant text := 'lead_person_ids pl where pl.identity = hp.identity';
  c_few constant integer := 2000;
  -- The typed text is the middle of a LIKE pattern: its own %, _ and \ are matched as themselves.
  v_pattern text := '%' || search_fold(regexp_replace(p->>'q', '([\\%_])', '\\\1', 'g')) || '%';
  v_alnum text := '%' || (p->>'q_alnum') || '%';
  v_national text := '%' || (p->>'q_national') || '%';
  v_count integer := c_few;
  v_from text;
  v_hits text := '';
  -- Named subqueries the filters use (the search's hits).
  v_with text[] := '{}';
  v_needs_lead boolean := false;
  v_prefix text;
  v_join text;
  -- "The person has a meeting that …", as a correlated EXISTS the planner sizes from the tables' own
  -- statistics: a page walks the persons newest first and probes each (nested loop semi join, ~130
  -- probes for "com reunião" at 50,000 leads); a total or a rare filter gets a hash join over the
  -- meetings. The filters used to name a materialized set of persons instead, which the planner took for
  -- 200 rows: a page joined all 20,000 persons with meetings to their leads and sorted them (EXPLAIN,
  -- 2026-11-29: 370-450 ms for "com reunião", 20261201000200_painel_leads_plans.sql).
  c_met constant text := 'exists (select 1 from lead_person_ids pl join meetings m on m.lead_id = pl.lead_id where pl.identity = hp.identity and ';
  -- Any meeting at all (the mentor's "com/sem reunião"): lead_person_ids.booked, kept by the meetings'
  -- triggers (lead_numbers_steps), through the partial index lead_person_ids_booked_idx (index only).
  c_booked constant text := 'exists (select 1 from lead_person_ids pl where pl.identity = hp.identity and pl.booked)';
  v_rows json;
  v_export boolean := (p->>'export')::boolean is true;
  v_select text;
  v_sql text;
  c_persons_of_x constant text := 'xp as (select x.identity, pl.lead_id from x join lead_person_ids pl on pl.identity = x.identity)';
  -- Each listed person's figures (x: the page's persons, or every person of the filter): their submissions,
  -- their meetings (a consultant: their own), the consultant (the next meeting's, else the latest's), the
  -- next meeting and the latest outcome, from one pass over their submissions and meetings (pm).
  -- Submissions and meetings are counted apart, each by hash (a count(distinct) over persons × meetings
  -- sorted every person by identity: ~250 of the ~700 ms for all 50,000, EXPLAIN ANALYZE, 2026-11-29), and
  -- pm holds meetings only.
  -- xp: the submissions of x's persons (c_persons_of_x), or of every person when the figures are every person's.
  -- fig: each person's figures as the list and the CSV give them (the consultant: the next meeting's, else the latest's).
  c_figures constant text := 'pm as (select xp.identity, m.id, m.starts_at, m.ends_at, m.status, m.preseller_id from xp
       join meetings m on m.lead_id = xp.lead_id and ($10 is null or m.preseller_id = $10)),
     subs as (select xp.identity, count(*) as submissions from xp group by xp.identity),
     met as (select pm.identity, count(*) as meetings from pm group by pm.identity),
     per as (select subs.identity, subs.submissions, coalesce(met.meetings, 0) as meetings from subs left join met on met.identity = subs.identity),
     latest as (select distinct on (pm.identity) pm.identity, c.name from pm join presellers c on c.id = pm.preseller_id
       order by pm.identity, pm.starts_at desc, pm.id),
     nx as (select distinct on (pm.identity) pm.identity, pm.starts_at, c.name from pm join presellers c on c.id = pm.preseller_id
       where pm.status = ''scheduled'' and pm.ends_at > $17 order by pm.identity, pm.starts_at, pm.id),
     oc as (select distinct on (pm.identity) pm.identity, mo.attendance, mo.qualified from pm
       join meeting_outcomes mo on mo.meeting_id = pm.id order by pm.identity, mo.recorded_at desc, mo.id desc),
     fig as (select per.identity, per.submissions, per.meetings, coalesce(nx.name, latest.name) as consultant,
         nx.starts_at as next_meeting, oc.identity is not null as has_outcome, oc.attendance, oc.qualified
       from per left join latest on latest.identity = per.identity left join nx on nx.identity = per.identity
         left join oc on oc.identity = per.identity)';
begin
  if p->>'q' is not null then
    -- Any submission of the person: lead_persons holds the text of all of them.
    v_search := '(hp.search_text like $1'
      || case when coalesce(p->>'q_alnum', '') <> '' then ' or hp.search_digits like $2' else '' end
      || case when coalesce(p->>'q_national', '') <> '' then ' or hp.search_digits like $15' else '' end || ')';
    -- Few matching persons (under c_few): the trigram indexes find them, and each is looked up; walking
    -- the list in date order would read every person to find them. Many ("ana", or text under 3
    -- characters, which trigrams cannot narrow): the walk finds a page of them within its first rows.
    if char_length(p->>'q') >= 3 then
      execute format('select count(*) from (select 1 from lead_persons hp where %s limit %s) c', v_search, c_few)
        into v_count using v_pattern, v_alnum, null::text, null::text, null::text, null::text, null::text, null::timestamptz,
          null::timestamptz, null::uuid, null::timestamptz, null::uuid, null::int, null::int, v_national;
    end if;
    if v_count < c_few then
      v_hits := format('hits as materialized (select hp.identity as person from lead_persons hp where %s)', v_search);
      v_with := v_with || v_hits;
    else
      v_where := v_where || ' and ' || v_search;
    end if;
  end if;
  if p->>'segmento' is not null then v_where := v_where || ' and l.segmento = $3'; end if;
  if p->>'faturamento' is not null then v_where := v_where || ' and l.faturamento = $4'; end if;
  if p->>'vendedores' is not null then v_where := v_where || ' and l.vendedores = $5'; end if;
  if p->>'modelo' is not null then v_where := v_where || ' and l.modelo_negocio = $6'; end if;
  if p->>'rule' is not null then v_where := v_where || ' and l.routing_rule = $16'; end if;
  v_needs_lead := coalesce(p->>'segmento', p->>'faturamento', p->>'vendedores', p->>'modelo', p->>'rule') is not null;
  -- A consultant's filters look at their own meetings only ($10 null for a mentor).
  if p->>'service' is not null then
    v_where := v_where || ' and ' || c_met || 'm.service = $7 and ($10 is null or m.preseller_id = $10))';
  end if;
  -- A consultant's leads are the persons with a meeting of theirs (below): "com reunião" adds nothing,
  -- "sem reunião" leaves none (said here: probed per person, it read all 50,000 to find none).
  if p->>'with_meeting' in ('true', 'false') then
    v_where := v_where || case when p->>'preseller' is not null then (case when p->>'with_meeting' = 'true' then '' else ' and false' end)
      when p->>'with_meeting' = 'true' then ' and ' || c_booked else ' and not ' || c_booked end;
  end if;
  -- A consultant: only the deliveries painel_lead shows them (the person's own and their meetings').
  if p->>'delivery_issue' = 'true' then v_where := v_where || ' and exists (select 1 from ' || c_person || ' and exists (select 1 from outbox o left join integration_targets t on t.target = o.kind
    where o.lead_id = pl.lead_id and outbox_is_integration(o.kind) and o.kind <> ''whatsapp''
      and integration_status(o.sent_at, o.failed_at, o.attempts, t.paused_at is not null, $14) in (''failed'', ''paused'')
      and ($10 is null or o.meeting_id is null or o.meeting_id in (select m.id from meetings m where m.preseller_id = $10))))'; end if;
  if p->>'from' is not null then v_where := v_where || ' and hp.head_at >= $8'; end if;
  if p->>'to' is not null then v_where := v_where || ' and hp.head_at < $9'; end if;
  -- (Implied by a service filter, which asks for their meetings of that service: two EXISTS the planner
  -- takes as independent made it expect 67 persons of 1,008 and sort them all.)
  if p->>'preseller' is not null and p->>'service' is null then
    v_where := v_where || ' and ' || c_met || 'm.preseller_id = $10)';
  end if;
  v_prefix := case when cardinality(v_with) = 0 then '' else 'with ' || array_to_string(v_with, ', ') || ' ' end;
  if (p->>'count')::boolean is not true and p->'after' is not null and jsonb_typeof(p->'after') = 'object' then
    v_where := v_where || ' and (hp.head_at, hp.head_id) < ($11, $12)';
  end if;
  -- With hits, each person is one lookup (the `limit 1` keeps the lateral a per-row lookup: joined by
  -- hash, every person was read); else the persons are walked newest first (lead_persons_list_idx).
  -- The submission itself is read once, for the page's rows (below); here only when a filter asks.
  v_join := case when v_needs_lead then 'join leads l on l.id = hp.head_id' else '' end;
  v_from := case when v_hits = '' then format('(select hp.identity, hp.head_at as at, hp.head_id as hid
      from lead_persons hp %s where %s) j', v_join, v_where)
    else format('hits h cross join lateral (select hp.identity, hp.head_at as at, hp.head_id as hid
      from lead_persons hp %s where hp.identity = h.person and %s limit 1) j', v_join, v_where) end;
  if (p->>'count')::boolean is true then
    -- Without a filter on the answers, the persons alone are counted (no join to their leads).
    if not v_needs_lead then
      v_from := case when v_hits = '' then format('lead_persons hp where %s', v_where)
        else format('hits h join lead_persons hp on hp.identity = h.person where %s', v_where) end;
    end if;
    execute format('%s select to_json(count(*)) from %s', v_prefix, v_from)
    into v_rows
    using v_pattern, v_alnum,
      p->>'segmento', p->>'faturamento', p->>'vendedores', p->>'modelo', p->>'service',
      (p->>'from')::timestamptz, (p->>'to')::timestamptz, (p->>'preseller')::uuid,
      null::timestamptz, null::uuid, null::int, (p->>'max_attempts')::int, v_national, p->>'rule';
    return v_rows;
  end if;
  -- The CSV's figures (figures): every person the filter gives, in one pass rather than one per page (each
  -- page's pass read all of lead_person_ids and meetings again: ~180 of a 10,000-person page's ~390 ms of
  -- CPU on PostgreSQL 15, ~190 of ~450 on PGlite, 2026-11-29). Only the persons whose figures are not the
  -- ones of a lone submission without meetings (1, 0, nothing else): the reader takes those for the rest.
  if (p->>'figures')::boolean is true then
    v_sql := format('%s x as (select j.identity from %s), %s, %s
      select coalesce(json_agg(json_build_array(fig.identity, fig.submissions, fig.meetings, fig.consultant, fig.next_meeting,
          fig.attendance, fig.qualified)), ''[]''::json)
      from fig where fig.submissions > 1 or fig.meetings > 0',
      case when v_prefix = '' then 'with' else v_prefix || ',' end, v_from,
      -- Every person (no filter, no search: x is all of lead_persons): their submissions as they are, not
      -- joined to x first (~180 of the figures' ~650 ms of CPU on PGlite at 50,000, 2026-11-29).
      case when v_where = 'true' and v_hits = '' then 'xp as (select pl.identity, pl.lead_id from lead_person_ids pl)' else c_persons_of_x end,
      c_figures);
  else
    -- Each person as painel_person_json has it, written out here, the page's figures from one pass over its
    -- persons' submissions and meetings (pm) instead of five subqueries per row, the submission read once.
    -- random_page_cost 1.1 (PostgreSQL's own advice for SSD or cached data, which this always is): at the
    -- default 4 a CSV page of 1,000 persons hashed all 50,000 lead_person_ids and leads rows instead of
    -- probing 1,000 of each (EXPLAIN ANALYZE, 2026-11-29).
    -- The CSV (export): each person as one array, positional (functions/lib/painel/store.ts, leadExportRow,
    -- reads it in this order), ending with the person's identity, by which the reader puts their figures (figures, above)
    -- and deals (painel_export_deals) on the row, both read once for all pages; json, not jsonb: 50,000 rows as jsonb
    -- objects (keys sorted, then printed) took 4.0 s, as json arrays 1.3 s (PostgreSQL 15, 2026-11-29), and
    -- the file needs neither the keys nor their order. The last touch is `true` when it is the first one again
    -- (72% of the demo's leads): printed and parsed once, not twice (store.ts, leadExportRow, puts it back).
    -- work_mem (the function's SET): a page of 10,000 sorted for json_agg is ~6 MB, which at the default 4 MB
    -- went to temporary files (EXPLAIN, 2026-11-29: "external merge Disk: 4648kB" on PGlite, temp
    -- read/written 750 pages on PostgreSQL 15; PGlite's file reads were 0.5 s of a 2-run profile, 0.16 s after).
    v_select := case when v_export then 'select coalesce(json_agg(json_build_array(l.id, l.created_at, l.nome, l.email, l.empresa, l.cnpj, l.telefone,
           l.segmento, l.faturamento, l.vendedores, l.modelo_negocio, l.cargo, l.servico, l.routing_rule, l.routing_kind,
           l.first_touch, case when l.last_touch = l.first_touch then ''true''::jsonb else l.last_touch end, l.marketing_opt_in, l.marketing_opt_in_at,
           x.identity) order by x.at desc, x.hid desc), ''[]''::json)'
      else 'select coalesce(json_agg(json_build_object(''id'', l.id, ''createdAt'', l.created_at, ''name'', l.nome,
           ''email'', l.email, ''company'', l.empresa, ''cnpj'', l.cnpj, ''phone'', l.telefone, ''segmento'', l.segmento,
           ''faturamento'', l.faturamento, ''vendedores'', l.vendedores, ''modelo'', l.modelo_negocio, ''cargo'', l.cargo,
           ''service'', l.servico, ''rule'', l.routing_rule, ''routingKind'', l.routing_kind,
           ''submissions'', fig.submissions, ''meetings'', fig.meetings,
           ''consultant'', fig.consultant, ''nextMeeting'', fig.next_meeting,
           ''outcome'', case when fig.has_outcome then json_build_object(''attendance'', fig.attendance, ''qualified'', fig.qualified) end,
           ''firstTouch'', l.first_touch, ''lastTouch'', l.last_touch,
           ''marketingOptIn'', l.marketing_opt_in, ''marketingOptInAt'', l.marketing_opt_in_at) order by x.at desc, x.hid desc), ''[]''::json)' end;
    -- The export reads each page's leads one by one (the lateral's `limit 1` keeps it a per-row lookup): joined,
    -- the planner walked all of leads_pkey to merge 10,000 of its 50,000 rows, for every page (EXPLAIN,
    -- PostgreSQL 15, 2026-11-29: 50,255 buffers, ~100 of the page's ~430 ms). The list's 51 rows keep the join.
    v_sql := format(
      '%s x as (select j.identity, j.at, j.hid from %s order by j.at desc, j.hid desc limit $13)%s
       %s
       from x %s',
      case when v_prefix = '' then 'with' else v_prefix || ',' end, v_from,
      case when v_export then '' else ', ' || c_persons_of_x || ', ' || c_figures end, v_select,
      case when v_export then 'cross join lateral (select l.* from leads l where l.id = x.hid limit 1) l'
        else 'join leads l on l.id = x.hid join fig on fig.identity = x.identity' end);
  end if;
  -- One statement for the page and the figures, with every parameter either may use.
  execute v_sql into v_rows
  using v_pattern, v_alnum,
    p->>'segmento', p->>'faturamento', p->>'vendedores', p->>'modelo', p->>'service',
    (p->>'from')::timestamptz, (p->>'to')::timestamptz, (p->>'preseller')::uuid,
    (p->'after'->>'t')::timestamptz, (p->'after'->>'id')::uuid, (p->>'limit')::int, (p->>'max_attempts')::int,
    v_national, p->>'rule', coalesce((p->>'now')::timestamptz, now());
  return v_rows;
end
$function$;
revoke all on function public.painel_leads(p jsonb) from public;
grant execute on function public.painel_leads(p jsonb) to service_role;
