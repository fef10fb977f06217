-- public.integration_resend_failed(p jsonb)
CREATE OR REPLACE FUNCTION public.integration_resend_failed(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_max integer := (p->>'max_attempts')::integer;
  v_count integer;
  v_retried integer;
  v_resumed boolean;
  v_queued integer;
begin
  if not outbox_is_integration(p->>'target') then
    raise exception 'integration_resend_failed: unknown target' using errcode = '22023';
  end if;
  -- Given up (refused or out of attempts): fresh attempts, due now.
  update outbox set failed_at = null, attempts = 0, next_attempt_at = v_now, locked_until = null
  where kind = p->>'target' and sent_at is null and skipped_reason is null and (failed_at is not null or attempts >= v_max);
  get diagnostics v_count = row_count;
  -- Waiting for their next retry: tried now, their attempts kept.
  update outbox set next_attempt_at = v_now
  where kind = p->>'target' and sent_at is null and failed_at is null and skipped_reason is null and attempts > 0 and attempts < v_max
    and next_attempt_at > v_now and (locked_until is null or locked_until <= v_now);
  get diagnostics v_retried = row_count;
  update integration_targets set paused_at = null, paused_status = null, updated_at = v_now
  where target = p->>'target' and paused_at is not null;
  v_resumed := found;
  select count(*) into v_queued from outbox
  where kind = p->>'target' and sent_at is null and failed_at is null and skipped_reason is null and attempts < v_max;
  -- What the button did, each part counted: the answer says it in words (integration-status.ts).
  return jsonb_build_object('status', 'ok', 'resent', v_count, 'retried', v_retried, 'resumed', v_resumed, 'queued', v_queued);
end
$function$;
revoke all on function public.integration_resend_failed(p jsonb) from public;
grant execute on function public.integration_resend_failed(p jsonb) to service_role;
