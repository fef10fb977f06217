-- public.integration_summary(p jsonb)
CREATE OR REPLACE FUNCTION public.integration_summary(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_day timestamptz := (p->>'day_start')::timestamptz;
  v_max integer := (p->>'max_attempts')::integer;
  v_limit integer := least(greatest(coalesce((p->>'limit')::integer, 5), 1), 20);
begin
  -- The state facts of integration_health, with today's sent count and the latest failures (given up or
  -- still retrying: a retried row is a failure too), each naming its lead.
  return (select coalesce(jsonb_agg(h.value || jsonb_build_object(
      'sentToday', (select count(*) from outbox o where o.kind = h.value->>'target' and o.sent_at >= v_day),
      'failures', (select coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'leadId', f.lead_id, 'leadName', f.nome, 'event', f.event,
            'at', f.at, 'lastStatus', f.last_status, 'lastError', f.last_error, 'retrying', f.retrying) order by f.at desc, f.id desc), '[]'::jsonb)
        from (select o.id, o.lead_id, l.nome, o.event, coalesce(o.failed_at, o.next_attempt_at) as at, o.last_status, o.last_error,
                o.failed_at is null and o.attempts < v_max as retrying
              from outbox o left join leads l on l.id = o.lead_id
              where o.kind = h.value->>'target' and o.sent_at is null
                and (o.failed_at is not null or o.attempts >= v_max or (o.attempts > 0 and o.last_error is not null))
              order by coalesce(o.failed_at, o.next_attempt_at) desc, o.id desc limit v_limit) f))
    order by h.ordinality), '[]'::jsonb)
  from jsonb_array_elements(integration_health(jsonb_build_object('max_attempts', v_max))) with ordinality h);
end
$function$;
revoke all on function public.integration_summary(p jsonb) from public;
grant execute on function public.integration_summary(p jsonb) to service_role;
