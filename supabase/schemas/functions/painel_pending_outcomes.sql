-- public.painel_pending_outcomes(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_pending_outcomes(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select coalesce(jsonb_agg(painel_meeting_json(x.id) order by x.starts_at, x.id), '[]'::jsonb)
  from (select m.id, m.starts_at from meetings m
    where m.status = 'scheduled' and m.ends_at <= (p->>'now')::timestamptz
      and not exists (select 1 from meeting_outcomes o where o.meeting_id = m.id)
    order by m.starts_at, m.id limit (p->>'limit')::int) x;
$function$;
revoke all on function public.painel_pending_outcomes(p jsonb) from public;
grant execute on function public.painel_pending_outcomes(p jsonb) to service_role;
