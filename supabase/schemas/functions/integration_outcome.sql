-- public.integration_outcome()
CREATE OR REPLACE FUNCTION public.integration_outcome()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_meeting meetings%rowtype;
  v_lead leads%rowtype;
  v_data jsonb;
begin
  select * into v_meeting from meetings where id = new.meeting_id;
  select * into v_lead from leads where id = v_meeting.lead_id;
  v_data := jsonb_build_object('meeting', integration_meeting_json(v_meeting), 'lead', integration_lead_json(v_lead),
    'outcome', jsonb_build_object('attendance', new.attendance, 'qualified', new.qualified, 'recorded_at', new.recorded_at));
  perform integration_enqueue('webhook', 'meeting.outcome_recorded', 'webhook:meeting.outcome_recorded:' || new.id, v_lead.id, v_meeting.id, v_data, new.recorded_at);
  if new.attendance = 'attended' then
    perform integration_enqueue('rd', 'reuniao-realizada', 'rd:reuniao-realizada:' || v_lead.id, v_lead.id, v_meeting.id, v_data, new.recorded_at);
  end if;
  if new.qualified then
    perform conversion_enqueue(v_lead.id, 'reuniao_qualificada', v_meeting.id, new.recorded_at, null);
  end if;
  return null;
end
$function$;
revoke all on function public.integration_outcome() from public;
