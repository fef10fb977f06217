-- public.numbers_daily_sync()
CREATE OR REPLACE FUNCTION public.numbers_daily_sync()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform numbers_daily_add(array(select g::lead_person_ids from gone g), -1);
  end if;
  if tg_op in ('UPDATE', 'INSERT') then
    perform numbers_daily_add(array(select c::lead_person_ids from changed c), 1);
  end if;
  return null;
end
$function$;
revoke all on function public.numbers_daily_sync() from public;
