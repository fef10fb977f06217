-- public.calendar_stale_alert(p_preseller_id uuid, p_unread_before timestamp with time zone, p_now timestamp with time zone, p_mails jsonb)
CREATE OR REPLACE FUNCTION public.calendar_stale_alert(p_preseller_id uuid, p_unread_before timestamp with time zone, p_now timestamp with time zone, p_mails jsonb)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  perform 1 from calendar_feeds f
  where f.preseller_id = p_preseller_id and coalesce(f.synced_at, f.connected_at) < p_unread_before
    and (f.alerted_at is null or f.alerted_at <= p_now - interval '24 hours')
  for update;
  if not found then
    return false;
  end if;
  update calendar_feeds set alerted_at = p_now where preseller_id = p_preseller_id;
  insert into outbox (kind, message, created_at, next_attempt_at)
  select 'calendar-alert', m, p_now, p_now from jsonb_array_elements(coalesce(p_mails, '[]'::jsonb)) m;
  return true;
end
$function$;
revoke all on function public.calendar_stale_alert(p_preseller_id uuid, p_unread_before timestamp with time zone, p_now timestamp with time zone, p_mails jsonb) from public;
grant execute on function public.calendar_stale_alert(p_preseller_id uuid, p_unread_before timestamp with time zone, p_now timestamp with time zone, p_mails jsonb) to service_role;
