-- public.meetings_numbers_sync()
CREATE OR REPLACE FUNCTION public.meetings_numbers_sync()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  perform lead_numbers_steps(array[old.lead_id, new.lead_id]);
  return null;
end
$function$;
revoke all on function public.meetings_numbers_sync() from public;
