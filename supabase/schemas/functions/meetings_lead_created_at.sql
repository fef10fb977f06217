-- public.meetings_lead_created_at()
CREATE OR REPLACE FUNCTION public.meetings_lead_created_at()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  -- The lead's submission time, kept on its meeting for Números' "lead → agendamento" (a lead's created_at
  -- never changes, and a meeting never moves to another lead).
  select l.created_at into new.lead_created_at from leads l where l.id = new.lead_id;
  return new;
end
$function$;
revoke all on function public.meetings_lead_created_at() from public;
