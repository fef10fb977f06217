-- public.consultant_daily_sync()
CREATE OR REPLACE FUNCTION public.consultant_daily_sync()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  -- A meeting cancelled, moved to another time or consultant: the rows of its days before and after.
  if (old.status, old.preseller_id, old.booked_at, old.starts_at) is distinct from (new.status, new.preseller_id, new.booked_at, new.starts_at) then
    perform consultant_daily_refresh(array[old.preseller_id, new.preseller_id], array[old.booked_at, new.booked_at], array[old.starts_at, new.starts_at]);
  end if;
  return null;
end
$function$;
revoke all on function public.consultant_daily_sync() from public;
