-- public.painel_meeting_filter(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_meeting_filter(p jsonb)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
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
$function$;
revoke all on function public.painel_meeting_filter(p jsonb) from public;
grant execute on function public.painel_meeting_filter(p jsonb) to service_role;
