-- public.conversion_state_counts(p_platform text, p_from timestamp with time zone, p_to timestamp with time zone)
CREATE OR REPLACE FUNCTION public.conversion_state_counts(p_platform text, p_from timestamp with time zone, p_to timestamp with time zone)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  -- The platform's conversions recorded in [p_from, p_to), by state (every state present, 0 when none).
  select jsonb_build_object('pendente', 0, 'enviado', 0, 'recusado', 0, 'pulado', 0)
    || coalesce((select jsonb_object_agg(s.state, s.n) from (
         select conversion_state(o.sent_at, o.failed_at, o.skipped_reason) as state, count(*) as n
         from outbox o where o.kind = p_platform and o.created_at >= p_from and o.created_at < p_to
         group by 1) s), '{}'::jsonb);
$function$;
revoke all on function public.conversion_state_counts(p_platform text, p_from timestamp with time zone, p_to timestamp with time zone) from public;
