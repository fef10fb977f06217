-- public.integration_alert(p_target text, p_reason text, p_alert jsonb, p_now timestamp with time zone)
CREATE OR REPLACE FUNCTION public.integration_alert(p_target text, p_reason text, p_alert jsonb, p_now timestamp with time zone)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  if jsonb_typeof(p_alert) <> 'object' then
    return false;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('integration_alert:' || p_target, 0));
  if p_reason = 'failed' and exists (select 1 from outbox o where o.kind = 'integration-alert'
      and o.event = 'failed:' || p_target and o.created_at > p_now - interval '24 hours') then
    return false;
  end if;
  insert into outbox (kind, message, event, created_at, next_attempt_at) values ('integration-alert', p_alert, p_reason || ':' || p_target, p_now, p_now);
  return true;
end
$function$;
revoke all on function public.integration_alert(p_target text, p_reason text, p_alert jsonb, p_now timestamp with time zone) from public;
