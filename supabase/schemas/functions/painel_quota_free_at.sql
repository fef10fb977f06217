-- public.painel_quota_free_at(p_times timestamp with time zone[], p_limit integer, p_now timestamp with time zone, p_window interval)
CREATE OR REPLACE FUNCTION public.painel_quota_free_at(p_times timestamp with time zone[], p_limit integer, p_now timestamp with time zone, p_window interval)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'public'
AS $function$
  select t + p_window from unnest(p_times) t where t > p_now - p_window order by t desc offset greatest(p_limit, 1) - 1 limit 1;
$function$;
revoke all on function public.painel_quota_free_at(p_times timestamp with time zone[], p_limit integer, p_now timestamp with time zone, p_window interval) from public;
