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
  return (select coalesce(jsonb_agg(jsonb_build_object(
      'target', t.target, 'enabled', t.enabled, 'pausedAt', t.paused_at, 'pausedStatus', t.paused_status,
      'sentToday', (select count(*) from outbox o where o.kind = t.target and o.sent_at >= v_day),
      'failed', (select count(*) from outbox o where o.kind = t.target and o.sent_at is null and (o.failed_at is not null or o.attempts >= v_max)),
      'pending', (select count(*) from outbox o where o.kind = t.target and o.sent_at is null and o.failed_at is null and o.attempts < v_max),
      'failures', (select coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'leadId', f.lead_id, 'leadName', f.nome, 'event', f.event,
            'at', f.at, 'lastStatus', f.last_status, 'lastError', f.last_error) order by f.at desc, f.id desc), '[]'::jsonb)
        from (select o.id, o.lead_id, l.nome, o.event, coalesce(o.failed_at, o.next_attempt_at) as at, o.last_status, o.last_error
              from outbox o left join leads l on l.id = o.lead_id
              where o.kind = t.target and o.sent_at is null and (o.failed_at is not null or o.attempts >= v_max)
              order by coalesce(o.failed_at, o.next_attempt_at) desc, o.id desc limit v_limit) f))
    order by t.target), '[]'::jsonb)
  from integration_targets t where outbox_is_integration(t.target));
end
$function$;
revoke all on function public.integration_summary(p jsonb) from public;
grant execute on function public.integration_summary(p jsonb) to service_role;
