-- public.whatsapp_message_queued()
CREATE OR REPLACE FUNCTION public.whatsapp_message_queued()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  if new.lead_id is not null then
    insert into whatsapp_messages (lead_id, meeting_id, kind, outbox_id, status, status_at, created_at)
    values (new.lead_id, new.meeting_id, new.message->>'waKind', new.id, 'pendente', new.created_at, new.created_at);
  end if;
  return new;
end
$function$;
revoke all on function public.whatsapp_message_queued() from public;
