-- LGPD erasure that takes the person and only the person (issue #36 M2 and L5, #32 item 7).
-- Before: the erasure matched leads by the exact address and took every outbox row whose To was that
-- address. A lead typed with a consultant's address took 216 of that consultant's mails about other
-- leads' meetings; with the contact address, 882 rows, 103 of them unsent notices of other leads. And
-- "ana+x@gmail.com", "a.na@gmail.com" and "ana@googlemail.com" (one person for the booking rules,
-- email_identity) stayed, their deliveries still going out after the erasure. Now:
-- * the person is every lead of the address's identity (email_identity);
-- * their messages are the ones about those leads and meetings (outbox.lead_id / meeting_id, the
--   morning mail's meetingIds, a text naming their ids); by recipient only a message about no lead,
--   and never for a team address (every consultant's, and p_team: the contact and PAINEL_MENTORES);
-- * person_erase cancels the person's upcoming meetings in the same transaction: the consultant gets a
--   cancellation with the CANCEL invite (built by the application, carrying no data of the person).

drop function public.export_person_data(text);
drop function public.delete_person_data(text);
drop function public.person_message_ids(text);

-- The team's address identities: every consultant's (active or not) and p_team's.
create function public.team_identities(p_team jsonb)
returns setof text
language sql stable
set search_path = public
as $$
  select email_identity(x) from jsonb_array_elements_text(coalesce(p_team, '[]'::jsonb)) x
  union
  select email_identity(p.email) from presellers p;
$$;

create function public.person_message_ids(p_email text, p_team jsonb default '[]'::jsonb)
returns setof uuid
language sql stable
set search_path = public
as $$
  with person as (select email_identity(p_email) as identity),
  lead_ids as (select l.id from leads l, person where email_identity(l.email) = person.identity),
  meeting_ids as (select m.id from meetings m where m.lead_id in (select id from lead_ids)),
  ids as (select id::text as id from lead_ids union all select id::text from meeting_ids)
  select o.id from outbox o
  where o.lead_id in (select id from lead_ids)
    or o.meeting_id in (select id from meeting_ids)
    -- The morning mail lists several meetings (message.meetingIds, never sent as such).
    or (jsonb_typeof(o.message->'meetingIds') = 'array' and o.message->'meetingIds' ?| array(select id from ids))
    or exists (select 1 from ids where position(ids.id in coalesce(o.message->>'text', '')) > 0)
    -- By recipient only what is about no lead, and never a team member's mail (their codes, digests).
    or (o.lead_id is null and o.meeting_id is null and not outbox_is_integration(o.kind)
        and email_identity(o.message->>'to') = (select identity from person)
        and (select identity from person) not in (select team_identities(p_team)));
$$;

-- The person's leads (every lead of the identity), each with its meetings, their history and outcomes;
-- and every stored message about them: whole when it was written to them, else recipient and subject.
create function public.export_person_data(p_email text, p_team jsonb default '[]'::jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select jsonb_build_object(
    'email', lower(trim(p_email)),
    'exported_at', now(),
    'leads', (
      select coalesce(jsonb_agg(
        (to_jsonb(l) - 'idempotency_key' - 'request_hash') || jsonb_build_object('meetings', (
          select coalesce(jsonb_agg(
            (to_jsonb(m) - 'idempotency_key' - 'lead_id' - 'preseller_id') || jsonb_build_object('preseller_name', p.name,
              'history', (select coalesce(jsonb_agg((to_jsonb(e) - 'id' - 'meeting_id') order by e.at, e.id), '[]'::jsonb)
                from meeting_events e where e.meeting_id = m.id),
              'outcomes', (select coalesce(jsonb_agg((to_jsonb(o) - 'id' - 'meeting_id') order by o.recorded_at, o.id), '[]'::jsonb)
                from meeting_outcomes o where o.meeting_id = m.id))
            order by m.starts_at), '[]'::jsonb)
          from meetings m join presellers p on p.id = m.preseller_id
          where m.lead_id = l.id))
        order by l.created_at, l.id), '[]'::jsonb)
      from leads l
      where email_identity(l.email) = email_identity(p_email)),
    'messages', (
      select coalesce(jsonb_agg(jsonb_build_object(
          'id', o.id, 'kind', o.kind, 'created_at', o.created_at, 'sent_at', o.sent_at, 'dropped_at', o.dropped_at,
          'message', case when outbox_is_integration(o.kind) then jsonb_build_object('target', o.kind, 'event', o.event)
            when email_identity(o.message->>'to') = email_identity(p_email)
              and email_identity(p_email) not in (select team_identities(p_team)) then o.message
            else jsonb_build_object('to', o.message->>'to', 'subject', o.message->>'subject') end)
        order by o.created_at, o.id), '[]'::jsonb)
      from outbox o
      where o.id in (select person_message_ids(p_email, p_team))));
$$;

-- Deletes the person's messages, meetings and leads in one transaction, returns the counts; the webhook
-- receiver is told to erase too ('lead.erased' with the ids only).
create function public.delete_person_data(p_email text, p_team jsonb default '[]'::jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_identity text := email_identity(p_email);
  v_leads uuid[];
  v_outbox integer;
  v_meetings integer;
  v_deleted_leads integer;
begin
  if v_identity is null or position('@' in v_identity) < 2 then
    raise exception 'delete_person_data: an email address is required' using errcode = '22023';
  end if;
  -- Locking the leads first makes a concurrent booking for them wait, then find no lead,
  -- instead of slipping a meeting (and its invites) in between the deletes below.
  v_leads := array(select l.id from leads l where email_identity(l.email) = v_identity order by l.id for update);

  delete from outbox o where o.id in (select person_message_ids(p_email, p_team));
  get diagnostics v_outbox = row_count;
  delete from meetings m where m.lead_id = any(v_leads);
  get diagnostics v_meetings = row_count;
  delete from leads l where l.id = any(v_leads);
  get diagnostics v_deleted_leads = row_count;
  if v_deleted_leads > 0 then
    perform integration_enqueue('webhook', 'lead.erased', null, null, null,
      jsonb_build_object('lead_ids', to_jsonb(v_leads)), now());
  end if;

  return jsonb_build_object('leads', v_deleted_leads, 'meetings', v_meetings, 'outbox', v_outbox);
end
$$;

-- What an erasure of p.email would take, for the painel's dialog: every lead of the identity, each
-- upcoming meeting (what the application needs to build its CANCEL), whether the address is a team
-- member's, and whether the contact reached RD Station (it stays there: the mentor erases it there).
create function public.person_erasure_preview(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  with person as (select email_identity(p->>'email') as identity),
  person_leads as (select l.* from leads l, person where email_identity(l.email) = person.identity)
  select jsonb_build_object(
    'team_address', (select identity from person) in (select team_identities(p->'team')),
    'leads', (select coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'nome', l.nome, 'email', l.email, 'empresa', l.empresa,
        'created_at', l.created_at) order by l.created_at, l.id), '[]'::jsonb) from person_leads l),
    'upcoming', (select coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'lead_id', m.lead_id, 'starts_at', m.starts_at,
        'ends_at', m.ends_at, 'sequence', m.sequence, 'service', m.service,
        'preseller', jsonb_build_object('name', c.name, 'email', c.email)) order by m.starts_at, m.id), '[]'::jsonb)
      from meetings m join presellers c on c.id = m.preseller_id
      where m.lead_id in (select id from person_leads) and m.status = 'scheduled' and m.ends_at > (p->>'now')::timestamptz),
    'rd_contact', exists (select 1 from outbox o where o.lead_id in (select id from person_leads) and o.kind = 'rd' and o.sent_at is not null));
$$;

-- The erasure the painel and `npm run data-subject` run: p { email, team, now, cancellations: [{ meeting_id,
-- sequence, message }] } — one per upcoming meeting, built for the preview's sequence. 'stale' when the
-- upcoming meetings are no longer those (booked, moved or cancelled meanwhile): the caller builds again.
-- The cancellations are queued after the person's messages went, tied to no lead: they stay.
create function public.person_erase(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_identity text := email_identity(p->>'email');
  v_now timestamptz := (p->>'now')::timestamptz;
  v_expected text[];
  v_actual text[];
  v_counts jsonb;
begin
  if v_identity is null or position('@' in v_identity) < 2 then
    raise exception 'person_erase: an email address is required' using errcode = '22023';
  end if;
  perform 1 from leads l where email_identity(l.email) = v_identity order by l.id for update;
  v_actual := array(select m.id || ':' || m.sequence from meetings m join leads l on l.id = m.lead_id
    where email_identity(l.email) = v_identity and m.status = 'scheduled' and m.ends_at > v_now order by 1 for update of m);
  v_expected := array(select (c->>'meeting_id') || ':' || (c->>'sequence') from jsonb_array_elements(coalesce(p->'cancellations', '[]'::jsonb)) c order by 1);
  if v_actual is distinct from v_expected then
    return jsonb_build_object('status', 'stale');
  end if;
  v_counts := delete_person_data(p->>'email', p->'team');
  insert into outbox (kind, message, created_at, next_attempt_at)
  select 'meeting-erased-preseller', c->'message', v_now, v_now from jsonb_array_elements(coalesce(p->'cancellations', '[]'::jsonb)) c;
  return v_counts || jsonb_build_object('status', 'erased', 'cancelled', jsonb_array_length(coalesce(p->'cancellations', '[]'::jsonb)));
end
$$;

revoke all on function public.team_identities(jsonb) from public, anon, authenticated;
revoke all on function public.person_message_ids(text, jsonb) from public, anon, authenticated;
revoke all on function public.export_person_data(text, jsonb) from public, anon, authenticated;
revoke all on function public.delete_person_data(text, jsonb) from public, anon, authenticated;
revoke all on function public.person_erasure_preview(jsonb) from public, anon, authenticated;
revoke all on function public.person_erase(jsonb) from public, anon, authenticated;
grant execute on function public.person_message_ids(text, jsonb) to service_role;
grant execute on function public.export_person_data(text, jsonb) to service_role;
grant execute on function public.delete_person_data(text, jsonb) to service_role;
grant execute on function public.person_erasure_preview(jsonb) to service_role;
grant execute on function public.person_erase(jsonb) to service_role;
