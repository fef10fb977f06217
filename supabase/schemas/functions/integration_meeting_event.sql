-- public.integration_meeting_event()
CREATE OR REPLACE FUNCTION public.integration_meeting_event()
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
  v_data := jsonb_build_object('meeting', integration_meeting_json(v_meeting), 'lead', integration_lead_json(v_lead));
  if new.kind = 'booked' then
    perform integration_enqueue('webhook', 'meeting.booked', 'webhook:meeting.booked:' || new.id, v_lead.id, v_meeting.id, v_data, new.at);
    perform integration_enqueue('rd', 'reuniao-agendada', 'rd:reuniao-agendada:' || v_lead.id, v_lead.id, v_meeting.id, v_data, new.at);
    perform conversion_enqueue(v_lead.id, 'reuniao_agendada', v_meeting.id, new.at, null);
  elsif new.kind = 'rescheduled' then
    perform integration_enqueue('webhook', 'meeting.rescheduled', 'webhook:meeting.rescheduled:' || new.id, v_lead.id, v_meeting.id,
      v_data || jsonb_build_object('previous_starts_at', new.from_starts_at, 'rescheduled_by', new.actor), new.at);
  elsif new.kind = 'cancelled' then
    perform integration_enqueue('webhook', 'meeting.cancelled', 'webhook:meeting.cancelled:' || new.id, v_lead.id, v_meeting.id,
      v_data || jsonb_build_object('cancelled_by', new.actor, 'reason', new.reason), new.at);
  end if;
  return null;
end
$function$;
revoke all on function public.integration_meeting_event() from public;
