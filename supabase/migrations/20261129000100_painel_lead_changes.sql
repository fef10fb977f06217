-- The mentor is told of the cancellations and moves leads make themselves (issue 32), as lines of the
-- morning mail rather than a mail per change: the consultant already gets each one as it happens, and
-- the mentor reads the day's changes once, beside the meetings still without an outcome.

create index meeting_events_lead_changes_idx on public.meeting_events (at) where actor = 'lead';

-- The leads' own cancellations and moves in (p.since, p.now], oldest first, with where to open each.
create function public.painel_lead_changes(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'kind', e.kind, 'at', e.at, 'meetingId', m.id, 'from', e.from_starts_at, 'to', e.to_starts_at, 'startsAt', m.starts_at,
      'lead', jsonb_build_object('name', l.nome, 'company', l.empresa), 'consultant', c.name) order by e.at, e.id), '[]'::jsonb)
  from meeting_events e
  join meetings m on m.id = e.meeting_id
  join leads l on l.id = m.lead_id
  join presellers c on c.id = m.preseller_id
  where e.actor = 'lead' and e.kind in ('cancelled', 'rescheduled')
    and e.at > (p->>'since')::timestamptz and e.at <= (p->>'now')::timestamptz;
$$;

revoke all on function public.painel_lead_changes(jsonb) from public, anon, authenticated;
grant execute on function public.painel_lead_changes(jsonb) to service_role;
