-- public.outbox_about()
CREATE OR REPLACE FUNCTION public.outbox_about()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  -- Only well-formed ids are taken: a malformed one is ignored rather than failing the write it rides on.
  if jsonb_typeof(new.message->'about') = 'object' then
    if new.message->'about'->>'meetingId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      new.meeting_id := coalesce(new.meeting_id, (new.message->'about'->>'meetingId')::uuid);
    end if;
    if new.message->'about'->>'leadId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      new.lead_id := coalesce(new.lead_id, (new.message->'about'->>'leadId')::uuid);
    end if;
  end if;
  new.message := new.message - 'about';
  if new.lead_id is null and new.meeting_id is not null then
    select m.lead_id into new.lead_id from meetings m where m.id = new.meeting_id;
  end if;
  return new;
end
$function$;
revoke all on function public.outbox_about() from public;
