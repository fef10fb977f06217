-- public.lead_followup_link(p jsonb)
CREATE OR REPLACE FUNCTION public.lead_followup_link(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select jsonb_build_object('leadId', l.id, 'service', l.servico, 'name', l.nome)
  from lead_followups f join leads l on l.id = f.lead_id
  where f.token_hash = p->>'token_hash' and f.expires_at > (p->>'now')::timestamptz
    and l.servico in ('consultoria', 'trafego') and l.routing_kind is distinct from 'none'
    and not exists (select 1 from meetings m where m.lead_id = l.id)
    and upcoming_meeting_id(l.email, (p->>'now')::timestamptz) is null;
$function$;
revoke all on function public.lead_followup_link(p jsonb) from public;
grant execute on function public.lead_followup_link(p jsonb) to service_role;
