-- public.meeting_history()
CREATE OR REPLACE FUNCTION public.meeting_history()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  if tg_op = 'INSERT' then
    insert into meeting_events (meeting_id, at, kind, to_starts_at) values (new.id, new.time_set_at, 'booked', new.starts_at);
  elsif new.status = 'cancelled' and old.status <> 'cancelled' then
    insert into meeting_events (meeting_id, at, kind, actor, reason)
    values (new.id, coalesce(new.cancelled_at, now()), 'cancelled', new.cancelled_by, new.cancel_reason);
  elsif new.starts_at <> old.starts_at then
    insert into meeting_events (meeting_id, at, kind, from_starts_at, to_starts_at, actor)
    values (new.id, new.time_set_at, 'rescheduled', old.starts_at, new.starts_at, nullif(current_setting('app.meeting_actor', true), ''));
  end if;
  return null;
end
$function$;
revoke all on function public.meeting_history() from public;
