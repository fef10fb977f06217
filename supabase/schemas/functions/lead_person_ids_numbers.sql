-- public.lead_person_ids_numbers()
CREATE OR REPLACE FUNCTION public.lead_person_ids_numbers()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    perform lead_numbers_refresh(old.identity);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    -- Its steps stay false: a lead's meetings come after it (the backfill below set the existing ones').
    perform lead_numbers_refresh(new.identity);
  end if;
  return null;
end
$function$;
revoke all on function public.lead_person_ids_numbers() from public;
