-- public.numbers_daily_zone()
CREATE OR REPLACE FUNCTION public.numbers_daily_zone()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$ select 'America/Sao_Paulo'::text $function$;
revoke all on function public.numbers_daily_zone() from public;
grant execute on function public.numbers_daily_zone() to service_role;
