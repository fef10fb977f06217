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
    -- The CSV: each meeting as one positional array (functions/lib/painel/store.ts, meetingExportRow, reads it
    -- in this order), joined once for the page: painel_meeting_json and a contact lookup per row were
    -- ~170 µs a meeting, 3.1 s for 17,700 (2026-11-29). The latest outcome as painel_meeting_json orders it.
    execute format(
      'select coalesce(jsonb_agg(jsonb_build_array(m.id, m.starts_at, m.ends_at, m.status, m.service, l.id, l.nome, l.empresa,
           c.id, c.name, o.attendance, o.qualified, o.note, o.recorded_by, o.recorded_at, m.booked_at, l.email, l.telefone, l.cnpj,
           l.first_touch->>''utm_campaign'') order by x.starts_at %1$s, x.id %1$s), ''[]'')
       from (select m.id, m.starts_at from meetings m where %2$s order by m.starts_at %1$s, m.id %1$s limit $9) x
       join meetings m on m.id = x.id join leads l on l.id = m.lead_id join presellers c on c.id = m.preseller_id
       left join lateral (select o.attendance, o.qualified, o.note, o.recorded_by, o.recorded_at from meeting_outcomes o
         where o.meeting_id = m.id order by o.recorded_at desc, o.id limit 1) o on true',
      v_dir, v_where)
    into v_rows
    using (p->>'now')::timestamptz, (p->>'preseller')::uuid, (p->>'consultant')::uuid, p->>'service',
      (p->>'from')::timestamptz, (p->>'to')::timestamptz, (p->'after'->>'t')::timestamptz, (p->'after'->>'id')::uuid,
      (p->>'limit')::int;
    return v_rows;
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
