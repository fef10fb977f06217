-- public.lead_followup_tier(l leads, p_now timestamp with time zone)
CREATE OR REPLACE FUNCTION public.lead_followup_tier(l leads, p_now timestamp with time zone)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select case
    when l.telefone ~ '^[0-9]{2}([0-9])\1{7,8}$'
      or l.empresa !~ '[[:alpha:]].*[[:alpha:]]'
      or exists (select 1 from leads o where o.cnpj = l.cnpj and o.id <> l.id and o.created_at > l.created_at - interval '30 days'
        and o.created_at <= p_now and email_identity(o.email) <> email_identity(l.email))
      or exists (select 1 from leads o where o.telefone = l.telefone and o.id <> l.id and o.created_at > l.created_at - interval '30 days'
        and o.created_at <= p_now and email_identity(o.email) <> email_identity(l.email))
      or (select count(distinct email_identity(o.email)) from lead_sources mine
          join lead_sources s on s.source_hash = mine.source_hash
          join leads o on o.id = s.lead_id
          where mine.lead_id = l.id and o.created_at > l.created_at - interval '1 hour'
            and o.created_at < l.created_at + interval '1 hour' and o.created_at <= p_now) >= 3
      then 'other'
    when exists (select 1 from meetings m join leads o on o.id = m.lead_id
        where email_identity(o.email) = email_identity(l.email) and m.created_at < l.created_at)
      or exists (select 1 from lead_sources mine
        join lead_sources s on s.source_hash = mine.source_hash
        join meetings m on m.lead_id = s.lead_id
        where mine.lead_id = l.id and m.created_at < l.created_at)
      then 'known'
    else 'plausible'
  end;
$function$;
revoke all on function public.lead_followup_tier(l leads, p_now timestamp with time zone) from public;
grant execute on function public.lead_followup_tier(l leads, p_now timestamp with time zone) to service_role;
