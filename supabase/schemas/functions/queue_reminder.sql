-- public.queue_reminder(p_reminder jsonb, p_outbox jsonb)
CREATE OR REPLACE FUNCTION public.queue_reminder(p_reminder jsonb, p_outbox jsonb DEFAULT '[]'::jsonb)
 RETURNS boolean
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_id uuid := (p_reminder->>'meeting_id')::uuid;
begin
  perform 1 from meetings m
  where m.id = v_id and m.status = 'scheduled' and m.starts_at = (p_reminder->>'starts_at')::timestamptz
  for update;
  if not found then
    return false;
  end if;
  insert into meeting_reminders (meeting_id, kind, starts_at, queued_at)
  values (v_id, p_reminder->>'kind', (p_reminder->>'starts_at')::timestamptz, coalesce((p_reminder->>'now')::timestamptz, now()))
  on conflict do nothing;
  if not found then
    return false;
  end if;
  perform add_meeting_tokens(v_id, p_reminder->'tokens');
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return true;
end
$function$;
revoke all on function public.queue_reminder(p_reminder jsonb, p_outbox jsonb) from public;
grant execute on function public.queue_reminder(p_reminder jsonb, p_outbox jsonb) to service_role;
