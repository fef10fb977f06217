-- public.painel_meeting_tab(p_tab text)
CREATE OR REPLACE FUNCTION public.painel_meeting_tab(p_tab text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
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
$function$;
revoke all on function public.painel_meeting_tab(p_tab text) from public;
grant execute on function public.painel_meeting_tab(p_tab text) to service_role;
