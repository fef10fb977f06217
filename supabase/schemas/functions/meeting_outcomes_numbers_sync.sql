-- public.meeting_outcomes_numbers_sync()
CREATE OR REPLACE FUNCTION public.meeting_outcomes_numbers_sync()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  perform meeting_latest_refresh(array[old.meeting_id, new.meeting_id]);
  return null;
end
$function$;
revoke all on function public.meeting_outcomes_numbers_sync() from public;
