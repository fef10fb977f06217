-- The painel's calls (functions/lib/painel/store.ts): each takes one jsonb `p` with the application's clock
-- in p.now and answers jsonb. Who may enter is decided here, on every call, from the consultants table and
-- the mentors' addresses the application passes (p.mentors): deactivating a consultant or removing a
-- mentor's address takes effect on their next request.

-- The role of an address: mentor (p_mentors), else an active consultant; null for anyone else.
create function public.painel_role(p_email text, p_mentors jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  with who as (select lower(trim(p_email)) as email),
  consultant as (select c.id, c.name from presellers c, who where lower(c.email) = who.email and c.active)
  select case
    when exists (select 1 from jsonb_array_elements_text(coalesce(p_mentors, '[]'::jsonb)) x, who where lower(trim(x)) = who.email)
      then jsonb_build_object('role', 'mentor', 'email', who.email, 'name', (select name from consultant), 'preseller', null)
    when exists (select 1 from consultant)
      then jsonb_build_object('role', 'consultor', 'email', who.email, 'name', (select name from consultant), 'preseller', (select id from consultant))
  end
  from who;
$$;

create function public.painel_log(p jsonb)
returns void
language sql
set search_path = public
as $$
  insert into painel_activity (at, actor, action, subject, ip_hash)
  values ((p->>'now')::timestamptz, p->>'actor', p->>'action', p->>'subject', p->>'ip_hash');
$$;

-- A code for an address: recorded for the limits whoever asks (so a refused address is answered exactly
-- like an allowed one), then stored (hash) and mailed only when the address may enter. 'limited' past
-- p.per_address requests of one address or p.per_ip of one IP within the hour.
create function public.painel_request_code(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_email text := lower(trim(p->>'email'));
  v_role jsonb;
begin
  perform pg_advisory_xact_lock(hashtextextended('painel_code:' || (p->>'email_hash'), 0));
  delete from painel_code_requests r where r.at < v_now - interval '1 day'
    and (r.email_hash = p->>'email_hash' or r.ip_hash = p->>'ip_hash');
  insert into painel_code_requests (at, email_hash, ip_hash) values (v_now, p->>'email_hash', p->>'ip_hash');
  if (select count(*) from painel_code_requests r where r.email_hash = p->>'email_hash' and r.at > v_now - interval '1 hour') > (p->>'per_address')::int
     or (select count(*) from painel_code_requests r where r.ip_hash = p->>'ip_hash' and r.at > v_now - interval '1 hour') > (p->>'per_ip')::int then
    return jsonb_build_object('status', 'limited');
  end if;
  v_role := painel_role(v_email, p->'mentors');
  if v_role is null then
    return jsonb_build_object('status', 'denied');
  end if;
  insert into painel_codes (email, code_hash, created_at, expires_at, attempts)
  values (v_email, p->>'code_hash', v_now, v_now + make_interval(secs => (p->>'ttl_seconds')::int), 0)
  on conflict (email) do update set code_hash = excluded.code_hash, created_at = excluded.created_at,
    expires_at = excluded.expires_at, attempts = 0;
  insert into outbox (kind, message, created_at, next_attempt_at)
  values ('painel-code', (p->'message') || jsonb_build_object('to', trim(p->>'email')), v_now, v_now);
  perform painel_log(jsonb_build_object('now', v_now, 'actor', v_email, 'action', 'code_requested', 'ip_hash', p->>'ip_hash'));
  return jsonb_build_object('status', 'sent');
end
$$;

-- Trades a code for a session. A wrong code counts against it (dead at p.max_attempts); an expired or
-- dead code never opens; a used code is gone. 'limited' after p.ip_failures failed sign-ins of one IP
-- within the hour. Answers { status: 'ok', role, email, name, preseller } or { status: 'bad' | 'limited' }.
create function public.painel_sign_in(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_email text := lower(trim(p->>'email'));
  v_code painel_codes;
  v_role jsonb;
begin
  -- A hash that is not one never matches anything (a NULL would make the comparison below unknown).
  if coalesce(p->>'code_hash', '') !~ '^[0-9a-f]{64}$' or coalesce(p->>'session_hash', '') !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('status', 'bad');
  end if;
  if (select count(*) from painel_activity a where a.action = 'login_failed' and a.ip_hash = p->>'ip_hash'
      and a.at > v_now - interval '1 hour') >= (p->>'ip_failures')::int then
    return jsonb_build_object('status', 'limited');
  end if;
  select * into v_code from painel_codes c where c.email = v_email for update;
  if not found then
    perform painel_log(jsonb_build_object('now', v_now, 'action', 'login_failed', 'ip_hash', p->>'ip_hash'));
    return jsonb_build_object('status', 'bad');
  end if;
  if v_code.expires_at <= v_now or v_code.attempts >= (p->>'max_attempts')::int or v_code.code_hash is distinct from p->>'code_hash' then
    if v_code.attempts + 1 >= (p->>'max_attempts')::int or v_code.expires_at <= v_now then
      delete from painel_codes c where c.email = v_email;
    else
      update painel_codes c set attempts = c.attempts + 1 where c.email = v_email;
    end if;
    perform painel_log(jsonb_build_object('now', v_now, 'actor', v_email, 'action', 'login_failed', 'ip_hash', p->>'ip_hash'));
    return jsonb_build_object('status', 'bad');
  end if;
  delete from painel_codes c where c.email = v_email;
  v_role := painel_role(v_email, p->'mentors');
  if v_role is null then
    perform painel_log(jsonb_build_object('now', v_now, 'actor', v_email, 'action', 'login_failed', 'ip_hash', p->>'ip_hash'));
    return jsonb_build_object('status', 'bad');
  end if;
  insert into painel_sessions (token_hash, email, created_at, last_used_at, expires_at)
  values (p->>'session_hash', v_email, v_now, v_now, v_now + make_interval(secs => (p->>'absolute_seconds')::int));
  perform painel_log(jsonb_build_object('now', v_now, 'actor', v_email, 'action', 'login', 'ip_hash', p->>'ip_hash'));
  return jsonb_build_object('status', 'ok') || v_role;
end
$$;

-- The viewer a session token (hash) belongs to, or null: past its absolute end, idle p.idle_seconds, or
-- its person no longer may enter (the session is then removed). Use renews it (at most once a minute).
create function public.painel_session(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_session painel_sessions;
  v_role jsonb;
begin
  select * into v_session from painel_sessions s where s.token_hash = p->>'session_hash';
  if not found then
    return null;
  end if;
  v_role := painel_role(v_session.email, p->'mentors');
  if v_role is null or v_session.expires_at <= v_now
     or v_session.last_used_at + make_interval(secs => (p->>'idle_seconds')::int) <= v_now then
    delete from painel_sessions s where s.token_hash = v_session.token_hash;
    return null;
  end if;
  if v_session.last_used_at < v_now - interval '1 minute' then
    update painel_sessions s set last_used_at = v_now where s.token_hash = v_session.token_hash;
  end if;
  return v_role;
end
$$;

-- Ends this session, or (p.all) every session of its person.
create function public.painel_sign_out(p jsonb)
returns void
language plpgsql
set search_path = public
as $$
declare
  v_email text;
begin
  select s.email into v_email from painel_sessions s where s.token_hash = p->>'session_hash';
  if v_email is null then
    return;
  end if;
  if coalesce((p->>'all')::boolean, false) then
    delete from painel_sessions s where s.email = v_email;
  else
    delete from painel_sessions s where s.token_hash = p->>'session_hash';
  end if;
  perform painel_log(jsonb_build_object('now', p->>'now', 'actor', v_email,
    'action', case when coalesce((p->>'all')::boolean, false) then 'logout_all' else 'logout' end, 'ip_hash', p->>'ip_hash'));
end
$$;

create function public.painel_outcome_json(o meeting_outcomes)
returns jsonb
language sql stable
set search_path = public
as $$
  select jsonb_build_object('attendance', o.attendance, 'qualified', o.qualified, 'note', o.note,
    'recordedBy', o.recorded_by, 'recordedAt', o.recorded_at);
$$;

-- A meeting as the lists show it (MeetingRow in src/domain/painel/api.ts).
create function public.painel_meeting_json(p_id uuid)
returns jsonb
language sql stable
set search_path = public
as $$
  select jsonb_build_object('id', m.id, 'startsAt', m.starts_at, 'endsAt', m.ends_at, 'status', m.status, 'service', m.service,
    'lead', jsonb_build_object('id', l.id, 'name', l.nome, 'company', l.empresa),
    'consultant', jsonb_build_object('id', c.id, 'name', c.name),
    'outcome', (select painel_outcome_json(o) from meeting_outcomes o where o.meeting_id = m.id order by o.recorded_at desc, o.id limit 1))
  from meetings m join leads l on l.id = m.lead_id join presellers c on c.id = m.preseller_id
  where m.id = p_id;
$$;

-- One page of meetings. p: tab, preseller (the consultant viewing: only theirs), consultant, service,
-- from/to (instants, [from, to)), after { t, id } (keyset), limit, now. Soonest first on 'proximas',
-- latest first on the other tabs. Built as text so each call is planned with its own filters.
create function public.painel_meetings(p jsonb)
returns jsonb
language plpgsql stable
set search_path = public
as $$
declare
  v_tab text := coalesce(p->>'tab', 'proximas');
  v_dir text := case when coalesce(p->>'tab', 'proximas') = 'proximas' then 'asc' else 'desc' end;
  v_where text;
  v_rows jsonb;
begin
  v_where := case v_tab
    when 'proximas' then 'm.status = ''scheduled'' and m.ends_at > $1'
    when 'sem-desfecho' then 'm.status = ''scheduled'' and m.ends_at <= $1 and not exists (select 1 from meeting_outcomes o where o.meeting_id = m.id)'
    when 'canceladas' then 'm.status = ''cancelled'''
    when 'passadas' then 'm.status = ''scheduled'' and m.ends_at <= $1'
  end;
  if v_where is null then
    raise exception 'painel_meetings: unknown tab' using errcode = '22023';
  end if;
  if p->>'preseller' is not null then v_where := v_where || ' and m.preseller_id = $2'; end if;
  if p->>'consultant' is not null then v_where := v_where || ' and m.preseller_id = $3'; end if;
  if p->>'service' is not null then v_where := v_where || ' and m.service = $4'; end if;
  if p->>'from' is not null then v_where := v_where || ' and m.starts_at >= $5'; end if;
  if p->>'to' is not null then v_where := v_where || ' and m.starts_at < $6'; end if;
  if p->'after' is not null and jsonb_typeof(p->'after') = 'object' then
    v_where := v_where || format(' and (m.starts_at, m.id) %s ($7, $8)', case v_dir when 'asc' then '>' else '<' end);
  end if;
  execute format(
    'select coalesce(jsonb_agg(painel_meeting_json(x.id) order by x.starts_at %1$s, x.id %1$s), ''[]'') from (
       select m.id, m.starts_at from meetings m where %2$s order by m.starts_at %1$s, m.id %1$s limit $9) x',
    v_dir, v_where)
  into v_rows
  using (p->>'now')::timestamptz, (p->>'preseller')::uuid, (p->>'consultant')::uuid, p->>'service',
    (p->>'from')::timestamptz, (p->>'to')::timestamptz, (p->'after'->>'t')::timestamptz, (p->'after'->>'id')::uuid,
    (p->>'limit')::int;
  return v_rows;
end
$$;

-- A meeting with its whole history (MeetingView), or null when it is not the viewer's (p.preseller).
create function public.painel_meeting(p jsonb)
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
      ) e), '[]'::jsonb))
  from meetings m join leads l on l.id = m.lead_id join presellers c on c.id = m.preseller_id
  where m.id = (p->>'id')::uuid and (p->>'preseller' is null or m.preseller_id = (p->>'preseller')::uuid);
$$;

-- Records an outcome (p: id, preseller, actor, attendance, qualified, note, now, ip_hash). 'missing' when
-- the meeting is not the viewer's; 'cancelled'; 'not_started' before its start; else 'ok'.
create function public.painel_record_outcome(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_meeting meetings;
begin
  select * into v_meeting from meetings m where m.id = (p->>'id')::uuid
    and (p->>'preseller' is null or m.preseller_id = (p->>'preseller')::uuid) for update;
  if not found then
    return jsonb_build_object('status', 'missing');
  end if;
  if v_meeting.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled');
  end if;
  if v_meeting.starts_at > v_now then
    return jsonb_build_object('status', 'not_started');
  end if;
  insert into meeting_outcomes (meeting_id, attendance, qualified, note, recorded_by, recorded_at)
  values (v_meeting.id, p->>'attendance', (p->>'qualified')::boolean, nullif(p->>'note', ''), p->>'actor', v_now);
  perform painel_log(jsonb_build_object('now', v_now, 'actor', p->>'actor', 'action', 'outcome', 'subject', v_meeting.id, 'ip_hash', p->>'ip_hash'));
  return jsonb_build_object('status', 'ok');
end
$$;

-- p_preseller: a consultant viewing, who counts only their own meetings of the lead.
create function public.painel_lead_json(l leads, p_preseller uuid)
returns jsonb
language sql stable
set search_path = public
as $$
  select jsonb_build_object('id', l.id, 'createdAt', l.created_at, 'name', l.nome, 'email', l.email, 'company', l.empresa,
    'cnpj', l.cnpj, 'phone', l.telefone, 'segmento', l.segmento, 'faturamento', l.faturamento, 'vendedores', l.vendedores,
    'modelo', l.modelo_negocio, 'meetings', (select count(*) from meetings m where m.lead_id = l.id
      and (p_preseller is null or m.preseller_id = p_preseller)));
$$;

-- One page of leads, newest first. p: q (lower case) and q_alnum (its letters and digits, lower case: a
-- CNPJ or phone typed with punctuation), segmento, faturamento, vendedores, modelo, service (has a meeting
-- of it), with_meeting (true/false), from/to, preseller (a consultant: leads of their meetings), after, limit.
create function public.painel_leads(p jsonb)
returns jsonb
language plpgsql stable
set search_path = public
as $$
declare
  v_search text := 'true';
  v_where text := 'true';
  c_few constant integer := 2000;
  -- The typed text is the middle of a LIKE pattern: its own %, _ and \ are matched as themselves.
  v_pattern text := '%' || regexp_replace(p->>'q', '([\\%_])', '\\\1', 'g') || '%';
  v_alnum text := '%' || (p->>'q_alnum') || '%';
  v_count integer := c_few;
  v_from text;
  v_hits text := '';
  v_rows jsonb;
begin
  if p->>'q' is not null then
    v_search := '(lower(l.nome || '' '' || l.email || '' '' || l.empresa) like $1'
      || case when coalesce(p->>'q_alnum', '') <> '' then ' or (lower(l.cnpj) || '' '' || l.telefone) like $2' else '' end || ')';
    -- Few matches (under c_few): the trigram indexes find them first and each is looked up; walking the
    -- list in date order would read every lead to find them. Many matches ("ana", or text under 3
    -- characters, which trigrams cannot narrow): the walk finds a page of them within its first rows.
    -- Counting up to c_few is cheap either way (an index scan for few, a scan that stops early for many).
    if char_length(p->>'q') >= 3 then
      execute format('select count(*) from (select 1 from leads l where %s limit %s) c', v_search, c_few)
        into v_count using v_pattern, v_alnum;
    end if;
    if v_count < c_few then
      v_hits := format('with hits as materialized (select l.id from leads l where %s) ', v_search);
    else
      v_where := v_where || ' and ' || v_search;
    end if;
  end if;
  if p->>'segmento' is not null then v_where := v_where || ' and l.segmento = $3'; end if;
  if p->>'faturamento' is not null then v_where := v_where || ' and l.faturamento = $4'; end if;
  if p->>'vendedores' is not null then v_where := v_where || ' and l.vendedores = $5'; end if;
  if p->>'modelo' is not null then v_where := v_where || ' and l.modelo_negocio = $6'; end if;
  -- A consultant's filters look at their own meetings only ($10 null for a mentor).
  if p->>'service' is not null then v_where := v_where || ' and exists (select 1 from meetings m where m.lead_id = l.id and m.service = $7 and ($10 is null or m.preseller_id = $10))'; end if;
  if p->>'with_meeting' = 'true' then v_where := v_where || ' and exists (select 1 from meetings m where m.lead_id = l.id and ($10 is null or m.preseller_id = $10))'; end if;
  if p->>'with_meeting' = 'false' then v_where := v_where || ' and not exists (select 1 from meetings m where m.lead_id = l.id and ($10 is null or m.preseller_id = $10))'; end if;
  if p->>'from' is not null then v_where := v_where || ' and l.created_at >= $8'; end if;
  if p->>'to' is not null then v_where := v_where || ' and l.created_at < $9'; end if;
  if p->>'preseller' is not null then v_where := v_where || ' and exists (select 1 from meetings m where m.lead_id = l.id and m.preseller_id = $10)'; end if;
  if p->'after' is not null and jsonb_typeof(p->'after') = 'object' then v_where := v_where || ' and (l.created_at, l.id) < ($11, $12)'; end if;
  -- With hits, each match is looked up by its id (the `limit 1` keeps the lateral a per-row lookup: joined
  -- by hash, every lead was read), then the page is the newest of those that pass the other filters.
  v_from := case when v_hits = '' then format('(select l from leads l where %s) j', v_where)
    else format('hits h cross join lateral (select l from leads l where l.id = h.id and %s limit 1) j', v_where) end;
  execute format(
    '%s select coalesce(jsonb_agg(painel_lead_json(x.l, $10) order by (x.l).created_at desc, (x.l).id desc), ''[]'') from (
       select j.l from %s order by (j.l).created_at desc, (j.l).id desc limit $13) x', v_hits, v_from)
  into v_rows
  using v_pattern, v_alnum,
    p->>'segmento', p->>'faturamento', p->>'vendedores', p->>'modelo', p->>'service',
    (p->>'from')::timestamptz, (p->>'to')::timestamptz, (p->>'preseller')::uuid,
    (p->'after'->>'t')::timestamptz, (p->'after'->>'id')::uuid, (p->>'limit')::int;
  return v_rows;
end
$$;

-- A lead with every answer, its consent, its meetings (a consultant: only theirs) and the mail about it
-- (LeadView), or null when it is not the viewer's.
create function public.painel_lead(p jsonb)
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
        and (p->>'preseller' is null or o.meeting_id in (select m.id from meetings m where m.lead_id = l.id and m.preseller_id = (p->>'preseller')::uuid))), '[]'::jsonb))
  from leads l
  where l.id = (p->>'id')::uuid
    and (p->>'preseller' is null or exists (select 1 from meetings m where m.lead_id = l.id and m.preseller_id = (p->>'preseller')::uuid));
$$;

-- The lead's email, for the LGPD export and erasure (mentor only; the application checks the role).
create function public.painel_lead_email(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select to_jsonb(l.email) from leads l where l.id = (p->>'id')::uuid;
$$;

-- Consultants for the console's filters: every one for a mentor (p.preseller null), else only themself.
create function public.painel_consultants(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'active', c.active) order by c.active desc, c.name), '[]'::jsonb)
  from presellers c where p->>'preseller' is null or c.id = (p->>'preseller')::uuid;
$$;

-- One page of the activity log, newest first (p: after { id }, limit).
create function public.painel_activity_list(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', a.id::text, 'at', a.at, 'actor', a.actor, 'action', a.action, 'subject', a.subject)
    order by a.id desc), '[]'::jsonb)
  from (select * from painel_activity a
    where p->'after' is null or jsonb_typeof(p->'after') <> 'object' or a.id < (p->'after'->>'id')::bigint
    order by a.id desc limit (p->>'limit')::int) a;
$$;

-- Meetings that ended without an outcome (scheduled, not cancelled), oldest first, for the morning mail.
create function public.painel_pending_outcomes(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select coalesce(jsonb_agg(painel_meeting_json(x.id) order by x.starts_at, x.id), '[]'::jsonb)
  from (select m.id, m.starts_at from meetings m
    where m.status = 'scheduled' and m.ends_at <= (p->>'now')::timestamptz
      and not exists (select 1 from meeting_outcomes o where o.meeting_id = m.id)
    order by m.starts_at, m.id limit (p->>'limit')::int) x;
$$;

-- Queues the morning mail once per day (p: day, now, message with its recipient); false when that day's
-- mail was queued already.
create function public.painel_queue_daily_mail(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
begin
  insert into painel_daily_mail (day, queued_at) values ((p->>'day')::date, (p->>'now')::timestamptz)
  on conflict (day) do nothing;
  if not found then
    return to_jsonb(false);
  end if;
  insert into outbox (kind, message, created_at, next_attempt_at)
  values ('painel-pending-outcomes', p->'message', (p->>'now')::timestamptz, (p->>'now')::timestamptz);
  return to_jsonb(true);
end
$$;

-- Forgets what sign-in leaves behind once it can no longer open anything: dead codes, ended sessions,
-- and the limits' records after a day. Run by the morning job (functions/painel-daily.ts).
create function public.painel_purge(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_codes integer;
  v_sessions integer;
begin
  delete from painel_codes c where c.expires_at <= v_now;
  get diagnostics v_codes = row_count;
  delete from painel_sessions s where s.expires_at <= v_now or s.last_used_at + make_interval(secs => (p->>'idle_seconds')::int) <= v_now;
  get diagnostics v_sessions = row_count;
  delete from painel_code_requests r where r.at < v_now - interval '1 day';
  return jsonb_build_object('codes', v_codes, 'sessions', v_sessions);
end
$$;

do $$
declare
  f text;
begin
  foreach f in array array['painel_log', 'painel_request_code', 'painel_sign_in', 'painel_session', 'painel_sign_out',
    'painel_meetings', 'painel_meeting', 'painel_record_outcome', 'painel_leads', 'painel_lead', 'painel_lead_email',
    'painel_activity_list', 'painel_pending_outcomes', 'painel_queue_daily_mail', 'painel_consultants', 'painel_purge']
  loop
    execute format('revoke all on function public.%I(jsonb) from public, anon, authenticated', f);
    execute format('grant execute on function public.%I(jsonb) to service_role', f);
  end loop;
end
$$;
revoke all on function public.painel_role(text, jsonb) from public, anon, authenticated;
revoke all on function public.painel_meeting_json(uuid) from public, anon, authenticated;
revoke all on function public.painel_outcome_json(meeting_outcomes) from public, anon, authenticated;
revoke all on function public.painel_lead_json(leads, uuid) from public, anon, authenticated;
