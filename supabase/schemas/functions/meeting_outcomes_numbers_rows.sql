-- public.meeting_outcomes_numbers_rows()
CREATE OR REPLACE FUNCTION public.meeting_outcomes_numbers_rows()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  perform meeting_latest_refresh(array(select distinct c.meeting_id from changed c));
  return null;
end
$function$;
revoke all on function public.meeting_outcomes_numbers_rows() from public;
