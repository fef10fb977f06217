-- public.painel_rebook_open(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_rebook_open(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select jsonb_build_object('leadId', l.id, 'service', m.service, 'name', l.nome)
  from painel_rebook_links r join leads l on l.id = r.lead_id join meetings m on m.id = r.meeting_id
  where r.token_hash = p->>'token_hash' and r.kind = 'rebook' and r.expires_at > (p->>'now')::timestamptz
    and upcoming_meeting_id(l.email, (p->>'now')::timestamptz) is null
    and not exists (select 1 from meetings b where b.lead_id = l.id and b.booked_at > r.sent_at);
$function$;
revoke all on function public.painel_rebook_open(p jsonb) from public;
grant execute on function public.painel_rebook_open(p jsonb) to service_role;
