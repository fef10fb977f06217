-- public.integration_health(p jsonb)
CREATE OR REPLACE FUNCTION public.integration_health(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  -- Each target's state facts (src/domain/painel/integration-status.ts names the state from them): on,
  -- paused, the last success and the failures since it, and its unsent rows — retrying (attempted, to be
  -- tried again: failures too), queued (every row still to go, retrying ones included), gave up (refused
  -- for good or out of attempts) — with the next retry and the oldest row due. Unsent rows only: the
  -- partial index of unsent outbox rows serves it, however many were sent.
  select coalesce(jsonb_agg(jsonb_build_object(
      'target', t.target, 'enabled', t.enabled, 'pausedAt', t.paused_at, 'pausedStatus', t.paused_status,
      'lastSentAt', t.last_sent_at, 'failingSince', t.failing_since, 'lastFailureAt', t.last_failure_at,
      'lastFailureStatus', t.last_failure_status, 'lastFailureError', t.last_failure_error,
      'retrying', coalesce(u.retrying, 0), 'queued', coalesce(u.queued, 0), 'gaveUp', coalesce(u.gave_up, 0),
      'nextAttemptAt', u.next_attempt_at, 'oldestDueAt', u.oldest_due_at)
    order by t.target), '[]'::jsonb)
  from integration_targets t
  left join lateral (
    select count(*) filter (where o.failed_at is null and o.attempts > 0 and o.attempts < (p->>'max_attempts')::integer)::integer as retrying,
      count(*) filter (where o.failed_at is null and o.attempts < (p->>'max_attempts')::integer)::integer as queued,
      count(*) filter (where o.failed_at is not null or o.attempts >= (p->>'max_attempts')::integer)::integer as gave_up,
      min(o.next_attempt_at) filter (where o.failed_at is null and o.attempts > 0 and o.attempts < (p->>'max_attempts')::integer) as next_attempt_at,
      min(o.next_attempt_at) filter (where o.failed_at is null and o.attempts < (p->>'max_attempts')::integer) as oldest_due_at
    from outbox o where o.kind = t.target and o.sent_at is null and o.skipped_reason is null
  ) u on true
  -- The ad platforms' conversions have their own summary (conversion_summary).
  where t.target in ('rd', 'webhook');
$function$;
revoke all on function public.integration_health(p jsonb) from public;
grant execute on function public.integration_health(p jsonb) to service_role;
