-- public.leads_numbers_sync()
CREATE OR REPLACE FUNCTION public.leads_numbers_sync()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  perform lead_numbers_refresh(array(select i.identity from lead_person_ids i where i.lead_id = new.id)
    || case when new.email is distinct from old.email then array[email_identity(old.email)] else '{}'::text[] end);
  return null;
end
$function$;
revoke all on function public.leads_numbers_sync() from public;
