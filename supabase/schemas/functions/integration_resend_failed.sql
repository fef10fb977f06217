-- public.integration_resend_failed(p jsonb)
CREATE OR REPLACE FUNCTION public.integration_resend_failed(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_count integer;
begin
  if not outbox_is_integration(p->>'target') then
    raise exception 'integration_resend_failed: unknown target' using errcode = '22023';
  end if;
  update outbox set failed_at = null, attempts = 0, next_attempt_at = v_now, locked_until = null
  where kind = p->>'target' and sent_at is null and (failed_at is not null or attempts >= (p->>'max_attempts')::integer);
  get diagnostics v_count = row_count;
  update integration_targets set paused_at = null, paused_status = null, updated_at = v_now
  where target = p->>'target' and paused_at is not null;
  return jsonb_build_object('status', 'ok', 'resent', v_count);
end
$function$;
revoke all on function public.integration_resend_failed(p jsonb) from public;
grant execute on function public.integration_resend_failed(p jsonb) to service_role;
