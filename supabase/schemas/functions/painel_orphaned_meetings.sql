-- public.painel_orphaned_meetings(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_orphaned_meetings(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  -- Scheduled meetings from p.from (default p.now) until p.until (none: every one to come) whose
  -- consultant cannot hold them: deactivated ('inactive'), or with time off over the meeting ('off', the
  -- first such time off); not those the team kept with them ("Manter": painel_activity 'meeting_kept'
  -- since the meeting's time was last set). p.preseller or p.email: one consultant's only. Oldest first;
  -- p.limit: at most that many (none: all).
  select coalesce(jsonb_agg(x.row order by x.starts_at, x.id), '[]'::jsonb)
  from (select m.id, m.starts_at, jsonb_build_object('id', m.id, 'startsAt', m.starts_at, 'endsAt', m.ends_at,
      'leadId', m.lead_id, 'leadName', l.nome, 'leadCompany', l.empresa,
      'consultantId', s.id, 'consultantName', s.name, 'consultantEmail', s.email,
      'reason', case when not s.active then 'inactive' else 'off' end, 'timeOffId', off.id) as row
    from meetings m
    join presellers s on s.id = m.preseller_id
    join leads l on l.id = m.lead_id
    left join lateral (select t.id from preseller_time_off t
      where t.preseller_id = m.preseller_id and t.starts_at < m.ends_at and t.ends_at > m.starts_at
      order by t.starts_at, t.id limit 1) off on true
    where m.status = 'scheduled'
      and m.starts_at >= coalesce((p->>'from')::timestamptz, (p->>'now')::timestamptz)
      and (p->>'until' is null or m.starts_at < (p->>'until')::timestamptz)
      and (p->>'preseller' is null or m.preseller_id = (p->>'preseller')::uuid)
      and (p->>'email' is null or lower(s.email) = lower(p->>'email'))
      and (not s.active or off.id is not null)
      and not exists (select 1 from painel_activity a
        where a.subject = m.id::text and a.action = 'meeting_kept' and a.at >= m.time_set_at)
    order by m.starts_at, m.id
    limit (p->>'limit')::int) x;
$function$;
revoke all on function public.painel_orphaned_meetings(p jsonb) from public;
grant execute on function public.painel_orphaned_meetings(p jsonb) to service_role;
