-- public.person_message_ids(p_email text, p_team jsonb)
CREATE OR REPLACE FUNCTION public.person_message_ids(p_email text, p_team jsonb DEFAULT '[]'::jsonb)
 RETURNS SETOF uuid
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
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
$function$;
revoke all on function public.person_message_ids(p_email text, p_team jsonb) from public;
grant execute on function public.person_message_ids(p_email text, p_team jsonb) to service_role;
