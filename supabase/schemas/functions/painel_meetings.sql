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
$function$;
revoke all on function public.painel_meetings(p jsonb) from public;
grant execute on function public.painel_meetings(p jsonb) to service_role;
