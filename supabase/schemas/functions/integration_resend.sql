-- public.integration_resend(p jsonb)
CREATE OR REPLACE FUNCTION public.integration_resend(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_row outbox%rowtype;
begin
  select * into v_row from outbox o where o.id = (p->>'id')::uuid and outbox_is_integration(o.kind) for update;
  if not found then
    return jsonb_build_object('status', 'missing');
  end if;
  if v_row.sent_at is not null then
    return jsonb_build_object('status', 'sent');
  end if;
  -- Skipped for good (no basis, too old, nothing to match by): a resend would send what must not go.
  if v_row.skipped_reason is not null then
    return jsonb_build_object('status', 'skipped');
  end if;
  update outbox set failed_at = null, attempts = 0, next_attempt_at = v_now, locked_until = null where id = v_row.id;
  -- A row that waited behind the pause lifts it; one refused for its own reason (failed) does not.
  if v_row.failed_at is null then
    update integration_targets set paused_at = null, paused_status = null, updated_at = v_now where target = v_row.kind;
  end if;
  return jsonb_build_object('status', 'ok', 'target', v_row.kind);
end
$function$;
revoke all on function public.integration_resend(p jsonb) from public;
grant execute on function public.integration_resend(p jsonb) to service_role;
