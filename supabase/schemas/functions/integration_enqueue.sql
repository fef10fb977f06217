-- public.integration_enqueue(p_target text, p_event text, p_once text, p_lead uuid, p_meeting uuid, p_data jsonb, p_at timestamp with time zone)
CREATE OR REPLACE FUNCTION public.integration_enqueue(p_target text, p_event text, p_once text, p_lead uuid, p_meeting uuid, p_data jsonb, p_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  if not exists (select 1 from integration_targets t where t.target = p_target and t.enabled) then
    return;
  end if;
  insert into outbox (kind, message, lead_id, meeting_id, event, once_key, next_attempt_at)
  values (p_target, jsonb_build_object('event', p_event, 'at', p_at, 'data', p_data), p_lead, p_meeting, p_event, p_once, '-infinity')
  on conflict (once_key) where once_key is not null do nothing;
end
$function$;
revoke all on function public.integration_enqueue(p_target text, p_event text, p_once text, p_lead uuid, p_meeting uuid, p_data jsonb, p_at timestamp with time zone) from public;
