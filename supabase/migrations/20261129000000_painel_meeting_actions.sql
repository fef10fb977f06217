-- Who acted on a meeting from the painel (issue 32: "Cancelar reunião"). The cancellation itself goes the
-- way the consultant's mail link goes (cancel_meeting, role 'consultant'); the person who pressed the
-- button is the painel's activity row (actor = their address, subject = the meeting's id), and the
-- meeting's history names them from it.

create index painel_activity_subject_idx on public.painel_activity (subject, at) where subject is not null;

-- The painel actions on one meeting, oldest first, each with the person's name when they are a
-- consultant (else their address: a mentor). p: meeting (uuid as text), actions (text[] as jsonb array).
create function public.painel_meeting_actions(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select coalesce(jsonb_agg(jsonb_build_object('at', a.at, 'action', a.action, 'who', coalesce(c.name, a.actor)) order by a.at, a.id), '[]'::jsonb)
  from painel_activity a
  left join lateral (select name from presellers where lower(email) = lower(a.actor) limit 1) c on true
  where a.subject = p->>'meeting'
    and a.action in (select jsonb_array_elements_text(coalesce(p->'actions', '[]'::jsonb)));
$$;

revoke all on function public.painel_meeting_actions(jsonb) from public, anon, authenticated;
grant execute on function public.painel_meeting_actions(jsonb) to service_role;
