-- public.resend_manage_link(p_meeting_id uuid, p_tokens jsonb, p_now timestamp with time zone, p_throttle_seconds integer, p_outbox jsonb)
CREATE OR REPLACE FUNCTION public.resend_manage_link(p_meeting_id uuid, p_tokens jsonb, p_now timestamp with time zone, p_throttle_seconds integer, p_outbox jsonb DEFAULT '[]'::jsonb)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  update meetings set link_sent_at = p_now
  where id = p_meeting_id and status = 'scheduled'
    and (link_sent_at is null or link_sent_at <= p_now - make_interval(secs => p_throttle_seconds));
  if not found then
    return false;
  end if;
  perform add_meeting_tokens(p_meeting_id, p_tokens);
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return true;
end
$function$;
revoke all on function public.resend_manage_link(p_meeting_id uuid, p_tokens jsonb, p_now timestamp with time zone, p_throttle_seconds integer, p_outbox jsonb) from public;
grant execute on function public.resend_manage_link(p_meeting_id uuid, p_tokens jsonb, p_now timestamp with time zone, p_throttle_seconds integer, p_outbox jsonb) to service_role;
