-- public.lead_followup_eligible(l leads, p_now timestamp with time zone, p_delay interval, p_max_age interval)
CREATE OR REPLACE FUNCTION public.lead_followup_eligible(l leads, p_now timestamp with time zone, p_delay interval, p_max_age interval)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select l.created_at <= p_now - p_delay and l.created_at > p_now - p_max_age
    and l.servico in ('consultoria', 'trafego')
    and l.routing_kind is distinct from 'none'
    and not exists (select 1 from meetings m where m.lead_id = l.id)
    and upcoming_meeting_id(l.email, p_now) is null
    and not exists (select 1 from meetings m join leads o on o.id = m.lead_id
      where email_identity(o.email) = email_identity(l.email) and m.created_at > l.created_at - p_max_age)
    and not exists (select 1 from lead_followups f where f.lead_id = l.id)
    and not exists (select 1 from lead_followup_skips s where s.lead_id = l.id and (s.retry_at is null or s.retry_at > p_now))
    and not exists (select 1 from lead_followups f join leads o on o.id = f.lead_id
      where email_identity(o.email) = email_identity(l.email) and f.expires_at > p_now);
$function$;
revoke all on function public.lead_followup_eligible(l leads, p_now timestamp with time zone, p_delay interval, p_max_age interval) from public;
grant execute on function public.lead_followup_eligible(l leads, p_now timestamp with time zone, p_delay interval, p_max_age interval) to service_role;
