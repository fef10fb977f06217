-- public.preseller_sessions_end()
CREATE OR REPLACE FUNCTION public.preseller_sessions_end()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  if old.active and not new.active then
    delete from painel_sessions s where s.email = lower(new.email);
  end if;
  return null;
end
$function$;
revoke all on function public.preseller_sessions_end() from public;
