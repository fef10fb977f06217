-- public.meetings_numbers_rows()
CREATE OR REPLACE FUNCTION public.meetings_numbers_rows()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  perform lead_numbers_steps(array(select c.lead_id from changed c));
  return null;
end
$function$;
revoke all on function public.meetings_numbers_rows() from public;
