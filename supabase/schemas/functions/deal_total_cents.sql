-- public.deal_total_cents(p_billing text, p_value_cents bigint, p_months integer)
CREATE OR REPLACE FUNCTION public.deal_total_cents(p_billing text, p_value_cents bigint, p_months integer)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case when p_billing = 'mensal' then p_value_cents * p_months else p_value_cents end;
$function$;
revoke all on function public.deal_total_cents(p_billing text, p_value_cents bigint, p_months integer) from public;
grant execute on function public.deal_total_cents(p_billing text, p_value_cents bigint, p_months integer) to service_role;
