-- Issue 32, items 4–6 (the leads side): one person, one lead; a search that ignores accents and reads
-- phones with or without +55; the routing outcome on each lead and a filter by rule; real totals; the
-- CSV's joinable columns. The person is email_identity (20261125000000_same_person.sql), the one rule
-- of "the same person" everywhere: this file only reads it.

-- 1. Search folding: lower case without the accents of Portuguese (and the other Latin-1 letters), so
--    "Natalia" finds "Natália". translate() rather than the unaccent extension: PGlite does not ship
--    unaccent, and an immutable fold can back an index on both. Upper-case accented letters are listed
--    too: lower() leaves them as they are under the C locale (PGlite's).
create function public.search_fold(p_text text)
returns text
language sql immutable strict parallel safe
set search_path = ''
as $$
  select translate(lower(p_text),
    'áàâãäåéèêëíìîïóòôõöúùûüçñýÿÁÀÂÃÄÅÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑÝ',
    'aaaaaaeeeeiiiiooooouuuucnyyaaaaaaeeeeiiiiooooouuuucny');
$$;

-- "Buscar" now reads the persons' table (below): the leads' own trigram indexes go unused.
drop index if exists public.leads_search_text_idx;
drop index if exists public.leads_search_digits_idx;
-- A person's submissions, newest first. It serves every equality on email_identity too, so the
-- single-column index goes.
create index leads_person_idx on public.leads (public.email_identity(email), created_at desc, id desc);
drop index if exists public.leads_email_identity_idx;

-- The persons: one row per e-mail identity with its newest submission and the searchable text of all its
-- submissions (folded name/e-mail/company, and CNPJ/phone digits; one line each, so a match never spans
-- two), kept by triggers on leads (every writer: the form, the seed, an erasure, which takes the row with
-- the last lead). The list walks it in date order, counts it and searches it with trigram indexes;
-- deciding "newest of its person" and "any of its submissions matches" per lead instead cost a regex and
-- an index probe per lead: seconds for a total over 50,000 leads.
create table public.lead_persons (
  identity text primary key,
  head_id uuid not null unique,
  head_at timestamptz not null,
  search_text text not null,
  search_digits text not null
);
alter table public.lead_persons enable row level security;
create index lead_persons_list_idx on public.lead_persons (head_at desc, head_id desc);
create index lead_persons_text_idx on public.lead_persons using gin (search_text gin_trgm_ops);
create index lead_persons_digits_idx on public.lead_persons using gin (search_digits gin_trgm_ops);

-- Each lead's identity, stored: joining meetings to persons computes no regex (email_identity over the
-- 20,000 meetings of the demo data took 0.5–1.5 s per list).
create table public.lead_person_ids (
  lead_id uuid primary key references public.leads (id) on delete cascade,
  identity text not null
);
alter table public.lead_person_ids enable row level security;
create index lead_person_ids_identity_idx on public.lead_person_ids (identity);
insert into lead_person_ids (lead_id, identity) select l.id, email_identity(l.email) from leads l;

-- Sets the person's row from their leads as they are now (none left: no row).
create function public.lead_person_refresh(p_identity text)
returns void
language plpgsql
set search_path = public
set jit = off
as $$
begin
  if p_identity is null then
    return;
  end if;
  if not exists (select 1 from leads l where email_identity(l.email) = p_identity) then
    delete from lead_persons where identity = p_identity;
    return;
  end if;
  insert into lead_persons (identity, head_id, head_at, search_text, search_digits)
  select p_identity, h.id, h.created_at, a.t, a.d
  from (select l.id, l.created_at from leads l where email_identity(l.email) = p_identity
      order by email_identity(l.email), l.created_at desc, l.id desc limit 1) h,
    (select string_agg(search_fold(l.nome || ' ' || l.email || ' ' || l.empresa), E'\n') as t,
        string_agg(lower(l.cnpj) || ' ' || l.telefone, E'\n') as d
      from leads l where email_identity(l.email) = p_identity) a
  on conflict (identity) do update set head_id = excluded.head_id, head_at = excluded.head_at,
    search_text = excluded.search_text, search_digits = excluded.search_digits;
end
$$;

create function public.lead_persons_sync()
returns trigger
language plpgsql
set search_path = public
set jit = off
as $$
begin
  if tg_op = 'INSERT' then
    insert into lead_person_ids (lead_id, identity) values (new.id, email_identity(new.email));
  elsif tg_op = 'UPDATE' then
    update lead_person_ids set identity = email_identity(new.email) where lead_id = new.id;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    perform lead_person_refresh(email_identity(old.email));
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or email_identity(new.email) is distinct from email_identity(old.email)) then
    perform lead_person_refresh(email_identity(new.email));
  end if;
  return null;
end
$$;
create trigger lead_persons_sync after insert or delete or update of email, created_at, nome, empresa, cnpj, telefone on public.leads
for each row execute function public.lead_persons_sync();

insert into lead_persons (identity, head_id, head_at, search_text, search_digits)
select h.identity, h.id, h.created_at, a.t, a.d
from (select distinct on (email_identity(l.email)) email_identity(l.email) as identity, l.id, l.created_at
    from leads l order by email_identity(l.email), l.created_at desc, l.id desc) h
  join (select email_identity(l.email) as identity, string_agg(search_fold(l.nome || ' ' || l.email || ' ' || l.empresa), E'\n') as t,
      string_agg(lower(l.cnpj) || ' ' || l.telefone, E'\n') as d
    from leads l group by 1) a on a.identity = h.identity;

-- 2. A person's row in the list and the CSV: the newest submission's answers, with what is the person's
--    (every lead of the identity): how many submissions, the meetings (a consultant: only theirs), the
--    consultant of the next meeting (else of the latest), the latest outcome, the next meeting. `rule` is
--    the routing outcome of the newest submission ("Encaminhamento: <regra>").
create function public.painel_person_json(l leads, p_identity text, p_preseller uuid, p_now timestamptz)
returns jsonb
language sql stable
set search_path = public
as $$
  with person as (select pl.lead_id as id from lead_person_ids pl where pl.identity = p_identity),
  own as (select m.* from meetings m where m.lead_id in (select id from person)
    and (p_preseller is null or m.preseller_id = p_preseller)),
  next_meeting as (select o.* from own o where o.status = 'scheduled' and o.ends_at > p_now order by o.starts_at, o.id limit 1),
  last_outcome as (select mo.attendance, mo.qualified from meeting_outcomes mo where mo.meeting_id in (select id from own)
    order by mo.recorded_at desc, mo.id desc limit 1)
  select jsonb_build_object('id', l.id, 'createdAt', l.created_at, 'name', l.nome, 'email', l.email, 'company', l.empresa,
    'cnpj', l.cnpj, 'phone', l.telefone, 'segmento', l.segmento, 'faturamento', l.faturamento, 'vendedores', l.vendedores,
    'modelo', l.modelo_negocio, 'cargo', l.cargo, 'service', l.servico, 'rule', l.routing_rule, 'routingKind', l.routing_kind,
    'submissions', (select count(*) from person),
    'meetings', (select count(*) from own),
    'consultant', coalesce((select c.name from next_meeting n join presellers c on c.id = n.preseller_id),
      (select c.name from own o join presellers c on c.id = o.preseller_id order by o.starts_at desc, o.id limit 1)),
    'nextMeeting', (select n.starts_at from next_meeting n),
    'outcome', (select jsonb_build_object('attendance', x.attendance, 'qualified', x.qualified) from last_outcome x),
    'firstTouch', l.first_touch, 'lastTouch', l.last_touch,
    'marketingOptIn', l.marketing_opt_in, 'marketingOptInAt', l.marketing_opt_in_at);
$$;

-- 3. The list: one row per person, the newest submission standing for them, newest first. p as in
--    20261128000200_painel_delivery_filter.sql, plus q_national (the digits of a phone typed with +55,
--    without it), rule (the newest submission's routing rule), now, and count (true: the total of
--    persons the filters give, as a number, instead of a page).
--    The answers' filters (segmento, …, rule, the period) read the newest submission; whatever is about
--    the person reads every submission: "Buscar" (an older phone still finds them), the meetings (a person
--    who booked from either form is never "Sem reunião"), the service, a consultant's scope, deliveries.
create or replace function public.painel_leads(p jsonb)
returns jsonb
language plpgsql stable
set search_path = public
set jit = off
as $$
declare
  v_search text := 'true';
  v_where text := 'true';
  -- Every lead of the row's person (hp: its lead_persons row).
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
  -- Named subqueries the filters use (the persons with meetings are computed once, as a set: a probe per
  -- person made a total over 50,000 persons take over a second).
  v_with text[] := '{}';
  v_needs_lead boolean := false;
  v_prefix text;
  c_met constant text := 'select distinct ml.identity from meetings m join lead_person_ids ml on ml.lead_id = m.lead_id where ';
  v_rows jsonb;
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
    v_with := v_with || ('met_service as materialized (' || c_met || 'm.service = $7 and ($10 is null or m.preseller_id = $10))');
    v_where := v_where || ' and hp.identity in (select identity from met_service)';
  end if;
  if p->>'with_meeting' in ('true', 'false') then
    v_with := v_with || ('met as materialized (' || c_met || '($10 is null or m.preseller_id = $10))');
    v_where := v_where || case when p->>'with_meeting' = 'true' then ' and hp.identity in (select identity from met)'
      else ' and hp.identity not in (select identity from met)' end;
  end if;
  -- A consultant: only the deliveries painel_lead shows them (the person's own and their meetings').
  if p->>'delivery_issue' = 'true' then v_where := v_where || ' and exists (select 1 from ' || c_person || ' and exists (select 1 from outbox o left join integration_targets t on t.target = o.kind
    where o.lead_id = pl.lead_id and outbox_is_integration(o.kind)
      and integration_status(o.sent_at, o.failed_at, o.attempts, t.paused_at is not null, $14) in (''failed'', ''paused'')
      and ($10 is null or o.meeting_id is null or o.meeting_id in (select m.id from meetings m where m.preseller_id = $10))))'; end if;
  if p->>'from' is not null then v_where := v_where || ' and hp.head_at >= $8'; end if;
  if p->>'to' is not null then v_where := v_where || ' and hp.head_at < $9'; end if;
  if p->>'preseller' is not null then
    v_with := v_with || ('own as materialized (' || c_met || 'm.preseller_id = $10)');
    v_where := v_where || ' and hp.identity in (select identity from own)';
  end if;
  v_prefix := case when cardinality(v_with) = 0 then '' else 'with ' || array_to_string(v_with, ', ') || ' ' end;
  if (p->>'count')::boolean is not true and p->'after' is not null and jsonb_typeof(p->'after') = 'object' then
    v_where := v_where || ' and (hp.head_at, hp.head_id) < ($11, $12)';
  end if;
  -- With hits, each person is one lookup (the `limit 1` keeps the lateral a per-row lookup: joined by
  -- hash, every person was read); else the persons are walked newest first (lead_persons_list_idx).
  v_from := case when v_hits = '' then format('(select hp.identity, hp.head_at as at, hp.head_id as hid, l
      from lead_persons hp join leads l on l.id = hp.head_id where %s) j', v_where)
    else format('hits h cross join lateral (select hp.identity, hp.head_at as at, hp.head_id as hid, l
      from lead_persons hp join leads l on l.id = hp.head_id where hp.identity = h.person and %s limit 1) j', v_where) end;
  if (p->>'count')::boolean is true then
    -- Without a filter on the answers, the persons alone are counted (no join to their leads).
    if not v_needs_lead then
      v_from := case when v_hits = '' then format('lead_persons hp where %s', v_where)
        else format('hits h join lead_persons hp on hp.identity = h.person where %s', v_where) end;
    end if;
    execute format('%s select to_jsonb(count(*)) from %s', v_prefix, v_from)
    into v_rows
    using v_pattern, v_alnum,
      p->>'segmento', p->>'faturamento', p->>'vendedores', p->>'modelo', p->>'service',
      (p->>'from')::timestamptz, (p->>'to')::timestamptz, (p->>'preseller')::uuid,
      null::timestamptz, null::uuid, null::int, (p->>'max_attempts')::int, v_national, p->>'rule';
    return v_rows;
  end if;
  execute format(
    '%s select coalesce(jsonb_agg(painel_person_json(x.l, x.identity, $10, $17) order by x.at desc, x.hid desc), ''[]'') from (
       select j.identity, j.at, j.hid, j.l from %s order by j.at desc, j.hid desc limit $13) x', v_prefix, v_from)
  into v_rows
  using v_pattern, v_alnum,
    p->>'segmento', p->>'faturamento', p->>'vendedores', p->>'modelo', p->>'service',
    (p->>'from')::timestamptz, (p->>'to')::timestamptz, (p->>'preseller')::uuid,
    (p->'after'->>'t')::timestamptz, (p->'after'->>'id')::uuid, (p->>'limit')::int, (p->>'max_attempts')::int,
    v_national, p->>'rule', coalesce((p->>'now')::timestamptz, now());
  return v_rows;
end
$$;

-- 4. The rules leads were routed by, for the filter: every rule name stored (a rule renamed or removed
--    since still finds its leads), most used first.
create function public.painel_lead_rules(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select coalesce(jsonb_agg(r.routing_rule order by r.n desc, r.routing_rule), '[]'::jsonb)
  from (select l.routing_rule, count(*) as n from leads l where l.routing_rule is not null group by l.routing_rule) r
  where p is not null;
$$;

-- 5. A lead's page is its person's: painel_lead as in 20261128000100_integrations_painel.sql, with the
--    meetings and mails of every submission, the person's submissions (newest first, each with its
--    answers, service and rule) and this submission's routing. A consultant sees the person when one of
--    the person's meetings is theirs.
create or replace function public.painel_lead(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  with target as (select l.* from leads l where l.id = (p->>'id')::uuid),
  person as (select pl.* from leads pl, target t where email_identity(pl.email) = email_identity(t.email))
  select jsonb_build_object(
    'id', l.id, 'createdAt', l.created_at, 'origem', l.origem,
    'answers', jsonb_build_object('nomeCompleto', l.nome, 'email', l.email, 'telefone', l.telefone, 'nomeEmpresa', l.empresa,
      'cnpj', l.cnpj, 'cargo', l.cargo, 'faturamento', l.faturamento, 'numeroVendedores', l.vendedores, 'segmento', l.segmento,
      'outroSegmento', l.outro_segmento, 'modeloNegocio', l.modelo_negocio),
    'consent', jsonb_build_object('version', l.privacy_policy_version, 'at', l.consent_at),
    'routing', case when l.routing_rule is not null then jsonb_build_object('rule', l.routing_rule, 'kind', l.routing_kind) end,
    'service', l.servico,
    'submissions', (select jsonb_agg(jsonb_build_object('id', s.id, 'createdAt', s.created_at, 'service', s.servico,
        'rule', s.routing_rule, 'answers', jsonb_build_object('nomeCompleto', s.nome, 'email', s.email, 'telefone', s.telefone,
          'nomeEmpresa', s.empresa, 'cnpj', s.cnpj, 'cargo', s.cargo, 'faturamento', s.faturamento, 'numeroVendedores', s.vendedores,
          'segmento', s.segmento, 'outroSegmento', s.outro_segmento, 'modeloNegocio', s.modelo_negocio))
      order by s.created_at desc, s.id desc) from person s),
    'meetings', coalesce((select jsonb_agg(painel_meeting_json(m.id) order by m.starts_at desc, m.id)
      from meetings m where m.lead_id in (select id from person) and (p->>'preseller' is null or m.preseller_id = (p->>'preseller')::uuid)), '[]'::jsonb),
    -- To whom, as a role (the lead, a consultant, the team): the console never shows the team's addresses.
    'mails', coalesce((select jsonb_agg(jsonb_build_object('id', o.id, 'kind', o.kind, 'subject', coalesce(o.message->>'subject', ''),
        'to', case when email_identity(o.message->>'to') = email_identity(l.email) then 'lead'
          when exists (select 1 from presellers c where lower(c.email) = lower(o.message->>'to')) then 'consultant' else 'other' end,
        'createdAt', o.created_at, 'sentAt', o.sent_at) order by o.created_at, o.id)
      from outbox o where o.lead_id in (select id from person) and not outbox_is_integration(o.kind)
        and (p->>'preseller' is null or o.meeting_id in (select m.id from meetings m where m.preseller_id = (p->>'preseller')::uuid))), '[]'::jsonb),
    'followup', (select jsonb_build_object('queuedAt', f.queued_at, 'sentAt', o.sent_at, 'droppedAt', o.dropped_at)
      from lead_followups f left join outbox o on o.id = f.outbox_id where f.lead_id in (select id from person)
      order by f.queued_at desc limit 1),
    'attribution', jsonb_build_object('firstTouch', l.first_touch, 'lastTouch', l.last_touch),
    'marketing', jsonb_build_object('optIn', l.marketing_opt_in, 'at', l.marketing_opt_in_at),
    -- A consultant sees the deliveries of the person's leads themselves (no meeting) and of their own meetings.
    'deliveries', coalesce((select jsonb_agg(d.value order by s.created_at, d.n)
      from person s cross join lateral jsonb_array_elements(integration_deliveries(jsonb_build_object('lead_id', s.id, 'max_attempts', p->'max_attempts')))
        with ordinality d(value, n)
      where p->>'preseller' is null or exists (select 1 from outbox o where o.id = (d.value->>'id')::uuid
        and (o.meeting_id is null or o.meeting_id in (select m.id from meetings m where m.preseller_id = (p->>'preseller')::uuid)))),
      '[]'::jsonb))
  from target l
  where p->>'preseller' is null
    or exists (select 1 from meetings m where m.lead_id in (select id from person) and m.preseller_id = (p->>'preseller')::uuid);
$$;

-- 6. "Falta só escolher o horário" never after a booking or a cancellation: a meeting of the person (any
--    submission, any status) booked since this lead's follow-up window opened (max_age before the lead)
--    says the person reached the calendar. lead_followup_eligible as in 20261129100200_followup_caps.sql.
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
    and not exists (select 1 from lead_followup_skips s where s.lead_id = l.id)
    and not exists (select 1 from lead_followups f join leads o on o.id = f.lead_id
      where email_identity(o.email) = email_identity(l.email) and f.expires_at > p_now);
$$;

-- 7. One "Novo lead" per person per day (Brasília, or p_lead.time_zone): create_lead as in
--    20261128000000_integrations.sql, except that a lead-notification is not queued when one was already
--    queued today for another submission of the same person. The later submission joins that person in
--    the painel, where the first notice's "Abrir no painel" leads ("2 envios", every submission inside).
create or replace function public.create_lead(p_lead jsonb, p_outbox jsonb default '[]')
returns table (out_id uuid, out_created boolean, out_status text, out_upcoming boolean)
language plpgsql
set search_path = public
set jit = off
as $$
declare
  c_leads_per_email_per_hour constant integer := 5;
  v_key text := p_lead->>'idempotency_key';
  v_hash text := p_lead->>'request_hash';
  v_identity text := email_identity(p_lead->>'email');
  v_now timestamptz := coalesce((p_lead->>'now')::timestamptz, now());
  v_tz text := coalesce(p_lead->>'time_zone', 'America/Sao_Paulo');
  v_id uuid;
  v_prev_hash text;
  v_prev_email text;
  v_upcoming boolean;
  v_told_today boolean;
begin
  -- One request per person at a time, so concurrent requests cannot all pass the hourly count.
  perform pg_advisory_xact_lock(hashtextextended('create_lead:' || coalesce(v_identity, ''), 0));

  for attempt in 1..2 loop
    select l.id, l.request_hash, l.email into v_id, v_prev_hash, v_prev_email from leads l where l.idempotency_key = v_key;
    if v_id is not null then
      if v_prev_hash is not null and v_hash is distinct from v_prev_hash then
        return query select null::uuid, false, 'mismatch'::text, false;
      else
        return query select v_id, false, 'duplicate'::text, upcoming_meeting_id(v_prev_email, v_now) is not null;
      end if;
      return;
    end if;
    exit when attempt = 2;

    if (select count(*) from leads l where email_identity(l.email) = v_identity and l.created_at > now() - interval '1 hour')
        >= c_leads_per_email_per_hour then
      return query select null::uuid, false, 'limited'::text, false;
      return;
    end if;

    insert into leads (id, idempotency_key, request_hash, nome, email, telefone, empresa, cnpj, cargo, faturamento,
      vendedores, segmento, outro_segmento, modelo_negocio, origem, consent_at, privacy_policy_version,
      servico, routing_rule, routing_kind, first_touch, last_touch, marketing_opt_in, marketing_opt_in_at)
    values ((p_lead->>'id')::uuid, v_key, v_hash, p_lead->>'nome', p_lead->>'email',
      p_lead->>'telefone', p_lead->>'empresa', p_lead->>'cnpj', p_lead->>'cargo', p_lead->>'faturamento',
      p_lead->>'vendedores', p_lead->>'segmento', p_lead->>'outro_segmento', p_lead->>'modelo_negocio',
      p_lead->>'origem', now(), p_lead->>'privacy_policy_version',
      p_lead->>'servico', p_lead->>'routing_rule', p_lead->>'routing_kind',
      nullif(p_lead->'first_touch', 'null'::jsonb), nullif(p_lead->'last_touch', 'null'::jsonb),
      coalesce((p_lead->>'marketing_opt_in')::boolean, false),
      case when coalesce((p_lead->>'marketing_opt_in')::boolean, false) then now() end)
    on conflict (idempotency_key) do nothing
    returning leads.id into v_id;
    exit when v_id is not null;
    -- The same key was committed meanwhile by a request for another email: answer as for a repeat.
  end loop;

  if v_id is null then
    raise exception 'create_lead: key neither stored nor found' using errcode = '40001';
  end if;
  v_upcoming := upcoming_meeting_id(p_lead->>'email', v_now) is not null;
  if not v_upcoming then
    -- Since the start of today where the team works, by the clock the outbox rows are stamped with (under
    -- the person's lock taken above).
    v_told_today := exists (select 1 from outbox o join leads l on l.id = o.lead_id
      where o.kind = 'lead-notification' and l.id <> v_id and email_identity(l.email) = v_identity
        and o.created_at >= (date_trunc('day', now() at time zone v_tz) at time zone v_tz));
    insert into outbox (kind, message)
    select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x
    where not (v_told_today and x->>'kind' = 'lead-notification');
  end if;
  return query select v_id, true, 'created'::text, v_upcoming;
end
$$;

-- search_fold, pure and reading nothing, stays executable by every role like email_identity: an index
-- expression calls it on every insert, whoever inserts.
revoke all on function public.painel_person_json(leads, text, uuid, timestamptz) from public, anon, authenticated;
revoke all on function public.lead_person_refresh(text) from public, anon, authenticated;
revoke all on function public.lead_persons_sync() from public, anon, authenticated;
revoke all on function public.create_lead(jsonb, jsonb) from public, anon, authenticated;
grant execute on function public.create_lead(jsonb, jsonb) to service_role;
revoke all on function public.lead_followup_eligible(leads, timestamptz, interval, interval) from public, anon, authenticated;
grant execute on function public.lead_followup_eligible(leads, timestamptz, interval, interval) to service_role;
do $$
declare
  f text;
begin
  foreach f in array array['painel_leads', 'painel_lead_rules', 'painel_lead']
  loop
    execute format('revoke all on function public.%I(jsonb) from public, anon, authenticated', f);
    execute format('grant execute on function public.%I(jsonb) to service_role', f);
  end loop;
end
$$;
