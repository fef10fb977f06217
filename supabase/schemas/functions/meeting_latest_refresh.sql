-- public.meeting_latest_refresh(p_meetings uuid[])
CREATE OR REPLACE FUNCTION public.meeting_latest_refresh(p_meetings uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_presellers uuid[];
  v_booked timestamptz[];
  v_starts timestamptz[];
begin
  delete from meeting_latest_outcomes where meeting_id = any(p_meetings);
  insert into meeting_latest_outcomes (meeting_id, attendance, qualified)
  select distinct on (o.meeting_id) o.meeting_id, o.attendance, o.qualified
  from meeting_outcomes o join meetings m on m.id = o.meeting_id
  where o.meeting_id = any(p_meetings)
  order by o.meeting_id, o.recorded_at desc, o.id desc;
  perform lead_numbers_steps(array(select m.lead_id from meetings m where m.id = any(p_meetings)));
  -- Held, no-shows, qualified, open and the fair share's count follow the latest outcome.
  select array_agg(m.preseller_id), array_agg(m.booked_at), array_agg(m.starts_at) into v_presellers, v_booked, v_starts
  from meetings m where m.id = any(p_meetings);
  perform consultant_daily_refresh(v_presellers, v_booked, v_starts);
end
$function$;
revoke all on function public.meeting_latest_refresh(p_meetings uuid[]) from public;
