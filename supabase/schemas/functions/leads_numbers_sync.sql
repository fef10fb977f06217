-- public.leads_numbers_sync()
CREATE OR REPLACE FUNCTION public.leads_numbers_sync()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  perform lead_numbers_refresh(i.identity) from lead_person_ids i where i.lead_id = new.id;
  return null;
end
$function$;
revoke all on function public.leads_numbers_sync() from public;
