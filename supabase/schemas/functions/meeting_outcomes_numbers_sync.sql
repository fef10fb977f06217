-- public.meeting_outcomes_numbers_sync()
CREATE OR REPLACE FUNCTION public.meeting_outcomes_numbers_sync()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_meeting uuid := case when tg_op = 'DELETE' then old.meeting_id else new.meeting_id end;
begin
  delete from meeting_latest_outcomes where meeting_id = v_meeting;
  insert into meeting_latest_outcomes (meeting_id, attendance, qualified)
  select o.meeting_id, o.attendance, o.qualified from meeting_outcomes o
  where o.meeting_id = v_meeting and exists (select 1 from meetings m where m.id = v_meeting)
  order by o.recorded_at desc, o.id desc limit 1;
  perform lead_numbers_steps(m.lead_id) from meetings m where m.id = v_meeting;
  if tg_op = 'UPDATE' and old.meeting_id <> new.meeting_id then
    perform lead_numbers_steps(m.lead_id) from meetings m where m.id = old.meeting_id;
  end if;
  return null;
end
$function$;
revoke all on function public.meeting_outcomes_numbers_sync() from public;
