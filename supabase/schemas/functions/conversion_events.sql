-- public.conversion_events(p_lead uuid)
CREATE OR REPLACE FUNCTION public.conversion_events(p_lead uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  -- A lead's conversions, oldest first (Meta before Google): platform, stage, state, its reason (skipped: the code; refused: the
  -- platform's own message, else the sender's error) and when (sent, refused, or recorded).
  select coalesce(jsonb_agg(jsonb_build_object(
      'id', o.id, 'platform', o.kind, 'stage', o.event,
      'state', conversion_state(o.sent_at, o.failed_at, o.skipped_reason),
      'reason', case when o.skipped_reason is not null then o.skipped_reason
                     when o.sent_at is null then coalesce(o.response->>'message', o.last_error) end,
      'status', o.last_status, 'attempts', o.attempts,
      'at', coalesce(o.sent_at, o.failed_at, o.created_at))
    order by o.created_at, o.kind desc, o.id), '[]'::jsonb)
  from outbox o
  where o.lead_id = p_lead and o.kind in ('meta', 'google');
$function$;
revoke all on function public.conversion_events(p_lead uuid) from public;
grant execute on function public.conversion_events(p_lead uuid) to service_role;
