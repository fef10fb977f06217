-- public.integration_claim(p jsonb)
CREATE OR REPLACE FUNCTION public.integration_claim(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_rows jsonb;
begin
  with due as (
    select o.id from outbox o
    join integration_targets t on t.target = o.kind and t.enabled and t.paused_at is null
    where outbox_is_integration(o.kind) and o.sent_at is null and o.failed_at is null and o.skipped_reason is null
      -- Only the targets this process has settings for: another one's rows wait for a process that can send them.
      and o.kind in (select jsonb_array_elements_text(coalesce(p->'targets', '[]'::jsonb)))
      and o.next_attempt_at <= v_now and o.attempts < (p->>'max_attempts')::integer
      and (o.locked_until is null or o.locked_until <= v_now)
    order by o.next_attempt_at, o.created_at
    limit (p->>'limit')::integer
    for update of o skip locked
  ), claimed as (
    update outbox o set locked_until = v_now + make_interval(secs => (p->>'lock_seconds')::integer), attempts = o.attempts + 1
    from due where o.id = due.id
    returning o.id, o.kind, o.event, o.message, o.attempts, o.created_at
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'target', c.kind, 'event', c.event, 'message', c.message,
    'attempts', c.attempts, 'created_at', c.created_at) order by c.created_at), '[]'::jsonb) into v_rows from claimed c;
  return v_rows;
end
$function$;
revoke all on function public.integration_claim(p jsonb) from public;
grant execute on function public.integration_claim(p jsonb) to service_role;
