-- public.due_reminders(p_now timestamp with time zone, p_kinds jsonb, p_limit integer)
CREATE OR REPLACE FUNCTION public.due_reminders(p_now timestamp with time zone, p_kinds jsonb, p_limit integer)
 RETURNS TABLE(kind text, meeting_id uuid, starts_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select k.kind, m.id, m.starts_at
  from meetings m
  cross join jsonb_to_recordset(p_kinds) as k(kind text, minutes integer, until_minutes integer)
  where m.status = 'scheduled'
    and m.starts_at > p_now
    and m.starts_at <= p_now + make_interval(mins => (select max((x->>'minutes')::integer) from jsonb_array_elements(p_kinds) x))
    and p_now >= m.starts_at - make_interval(mins => k.minutes)
    and p_now < m.starts_at - make_interval(mins => k.until_minutes)
    and m.time_set_at < m.starts_at - make_interval(mins => k.minutes)
    and not exists (select 1 from meeting_reminders r where r.meeting_id = m.id and r.kind = k.kind and r.starts_at = m.starts_at)
  order by m.starts_at
  limit p_limit;
$function$;
revoke all on function public.due_reminders(p_now timestamp with time zone, p_kinds jsonb, p_limit integer) from public;
grant execute on function public.due_reminders(p_now timestamp with time zone, p_kinds jsonb, p_limit integer) to service_role;
