-- public.lead_followup_booked()
CREATE OR REPLACE FUNCTION public.lead_followup_booked()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  update outbox o set dropped_at = now(), last_error = 'booked'
  where o.kind = 'lead-followup' and o.sent_at is null and o.dropped_at is null
    and o.lead_id in (select l.id from leads l
      where email_identity(l.email) = (select email_identity(b.email) from leads b where b.id = new.lead_id));
  return null;
end
$function$;
revoke all on function public.lead_followup_booked() from public;
