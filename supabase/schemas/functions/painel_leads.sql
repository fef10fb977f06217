-- public.painel_leads(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_leads(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
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
  -- A consultant: only the deliveries painel_lead shows them (the lead's own and their meetings').
  if p->>'delivery_issue' = 'true' then v_where := v_where || ' and exists (select 1 from outbox o left join integration_targets t on t.target = o.kind
    where o.lead_id = l.id and outbox_is_integration(o.kind)
      and integration_status(o.sent_at, o.failed_at, o.attempts, t.paused_at is not null, $14) in (''failed'', ''paused'')
      and ($10 is null or o.meeting_id is null or o.meeting_id in (select m.id from meetings m where m.lead_id = l.id and m.preseller_id = $10)))'; end if;
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
    (p->'after'->>'t')::timestamptz, (p->'after'->>'id')::uuid, (p->>'limit')::int, (p->>'max_attempts')::int;
  return v_rows;
end
$function$;
revoke all on function public.painel_leads(p jsonb) from public;
grant execute on function public.painel_leads(p jsonb) to service_role;
