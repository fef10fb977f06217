-- public.integration_deliveries(p jsonb)
CREATE OR REPLACE FUNCTION public.integration_deliveries(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', o.id, 'target', o.kind, 'event', o.event, 'createdAt', o.created_at,
      'status', integration_status(o.sent_at, o.failed_at, o.attempts, t.paused_at is not null, (p->>'max_attempts')::integer),
      'attempts', o.attempts, 'sentAt', o.sent_at, 'failedAt', o.failed_at,
      'nextAttemptAt', case when o.sent_at is null and o.failed_at is null and o.attempts > 0 then o.next_attempt_at end,
      'lastStatus', o.last_status, 'lastError', o.last_error, 'eventUuid', o.response->>'event_uuid')
    order by o.created_at, o.id), '[]'::jsonb)
  from outbox o
  left join integration_targets t on t.target = o.kind
  where o.lead_id = (p->>'lead_id')::uuid and o.kind in ('rd', 'webhook');
$function$;
revoke all on function public.integration_deliveries(p jsonb) from public;
grant execute on function public.integration_deliveries(p jsonb) to service_role;
