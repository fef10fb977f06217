-- public.previous_preseller(p_email text)
CREATE OR REPLACE FUNCTION public.previous_preseller(p_email text)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select m.preseller_id from meetings m join leads l on l.id = m.lead_id
  where m.status = 'scheduled' and email_identity(l.email) = email_identity(p_email)
  order by m.created_at desc
  limit 1;
$function$;
revoke all on function public.previous_preseller(p_email text) from public;
grant execute on function public.previous_preseller(p_email text) to service_role;
