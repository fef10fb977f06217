-- public.meetings_numbers_sync()
CREATE OR REPLACE FUNCTION public.meetings_numbers_sync()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    perform lead_numbers_steps(old.lead_id);
  end if;
  if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.lead_id is distinct from old.lead_id) then
    perform lead_numbers_steps(new.lead_id);
  end if;
  return null;
end
$function$;
revoke all on function public.meetings_numbers_sync() from public;
