-- public.person_erasure_preview(p jsonb)
CREATE OR REPLACE FUNCTION public.person_erasure_preview(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
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
$function$;
revoke all on function public.person_erasure_preview(p jsonb) from public;
grant execute on function public.person_erasure_preview(p jsonb) to service_role;
