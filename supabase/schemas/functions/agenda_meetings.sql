-- public.agenda_meetings(p_token_hash text)
CREATE OR REPLACE FUNCTION public.agenda_meetings(p_token_hash text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select case when p.id is null then null else jsonb_build_object(
    'name', p.name,
    'meetings', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', m.id, 'starts_at', m.starts_at, 'ends_at', m.ends_at, 'service', m.service,
        'lead_name', l.nome, 'company', l.empresa, 'phone', l.telefone, 'email', l.email
      ) order by m.starts_at)
      from meetings m join leads l on l.id = m.lead_id
      where m.preseller_id = p.id and m.status = 'scheduled'), '[]'::jsonb)
  ) end
  from (select null) x left join presellers p on p.agenda_token_hash = p_token_hash and p.active;
$function$;
revoke all on function public.agenda_meetings(p_token_hash text) from public;
grant execute on function public.agenda_meetings(p_token_hash text) to service_role;
