-- public.painel_meetings(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_meetings(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
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
$function$;
revoke all on function public.painel_meetings(p jsonb) from public;
grant execute on function public.painel_meetings(p jsonb) to service_role;
