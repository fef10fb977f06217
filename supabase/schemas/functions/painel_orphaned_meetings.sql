-- public.painel_orphaned_meetings(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_orphaned_meetings(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select coalesce(jsonb_agg(painel_meeting_json(x.id) || jsonb_build_object('reason', x.reason, 'consultantEmail', x.email)
    order by x.starts_at, x.id), '[]'::jsonb)
  from (select m.id, m.starts_at, c.email, case when c.active then 'time_off' else 'inactive' end as reason
    from meetings m join presellers c on c.id = m.preseller_id
    where m.status = 'scheduled' and m.starts_at > (p->>'now')::timestamptz
      and (p->>'email' is null or lower(c.email) = lower(p->>'email'))
      and (p->>'from' is null or m.ends_at > (p->>'from')::timestamptz)
      and (p->>'to' is null or m.starts_at < (p->>'to')::timestamptz)
      and (not c.active or exists (select 1 from preseller_time_off t
        where t.preseller_id = m.preseller_id and t.starts_at < m.ends_at and t.ends_at > m.starts_at))
      and not exists (select 1 from painel_activity a
        where a.subject = m.id::text and a.action = 'meeting_kept' and a.at >= m.time_set_at)
    order by m.starts_at, m.id limit (p->>'limit')::int) x;
$function$;
revoke all on function public.painel_orphaned_meetings(p jsonb) from public;
grant execute on function public.painel_orphaned_meetings(p jsonb) to service_role;
