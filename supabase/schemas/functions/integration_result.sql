-- public.integration_result(p jsonb)
CREATE OR REPLACE FUNCTION public.integration_result(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_row outbox%rowtype;
  v_alerted boolean := false;
begin
  select * into v_row from outbox o where o.id = (p->>'id')::uuid and outbox_is_integration(o.kind) for update;
  if not found then
    -- Erased meanwhile (LGPD): nothing to record.
    return jsonb_build_object('status', 'missing', 'alerted', false);
  end if;
  if p->>'outcome' = 'sent' then
    update outbox set sent_at = v_now, locked_until = null, last_status = (p->>'status')::integer, last_error = null,
      response = nullif(p->'response', 'null'::jsonb)
    where id = v_row.id;
    -- The target works again: its state reads "Funcionando" from this success on.
    update integration_targets set last_sent_at = v_now, failing_since = null where target = v_row.kind;
  elsif p->>'outcome' = 'retry' then
    update outbox set next_attempt_at = (p->>'next_attempt_at')::timestamptz, locked_until = null,
      last_status = (p->>'status')::integer, last_error = left(p->>'error', 500)
    where id = v_row.id;
    -- That was its last attempt: it is failed now, and the mentor hears of it like of a refusal.
    if v_row.attempts >= (p->>'max_attempts')::integer then
      v_alerted := integration_alert(v_row.kind, 'failed', p->'alert', v_now);
    end if;
  elsif p->>'outcome' = 'failed' then
    update outbox set failed_at = v_now, locked_until = null, last_status = (p->>'status')::integer,
      last_error = left(p->>'error', 500), response = nullif(p->'response', 'null'::jsonb)
    where id = v_row.id;
    v_alerted := integration_alert(v_row.kind, 'failed', p->'alert', v_now);
  elsif p->>'outcome' = 'skipped' then
    -- Recorded, never to be sent (a conversion older than its platform takes): not a failure of the target.
    update outbox set skipped_reason = p->>'reason', locked_until = null, attempts = greatest(attempts - 1, 0), last_error = null
    where id = v_row.id;
    return jsonb_build_object('status', 'ok', 'alerted', false);
  elsif p->>'outcome' = 'pause' then
    update outbox set attempts = greatest(attempts - 1, 0), locked_until = null, next_attempt_at = v_now,
      last_status = (p->>'status')::integer, last_error = left(p->>'error', 500)
    where id = v_row.id;
    update integration_targets set paused_at = v_now, paused_status = (p->>'status')::integer, updated_at = v_now
    where target = v_row.kind and paused_at is null;
    if found then
      v_alerted := integration_alert(v_row.kind, 'paused', p->'alert', v_now);
    end if;
  else
    raise exception 'integration_result: unknown outcome' using errcode = '22023';
  end if;
  -- Every answer that is not a success (retried, refused, paused) is a failure of the target: since when
  -- it has failed (kept until the next success) and what it answered last, for its state in the painel.
  if p->>'outcome' <> 'sent' then
    update integration_targets set failing_since = coalesce(failing_since, v_now), last_failure_at = v_now,
      last_failure_status = (p->>'status')::integer, last_failure_error = left(p->>'error', 500)
    where target = v_row.kind;
  end if;
  return jsonb_build_object('status', 'ok', 'alerted', v_alerted);
end
$function$;
revoke all on function public.integration_result(p jsonb) from public;
grant execute on function public.integration_result(p jsonb) to service_role;
