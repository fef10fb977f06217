-- public.lead_numbers_steps(p_lead uuid)
CREATE OR REPLACE FUNCTION public.lead_numbers_steps(p_lead uuid)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  update lead_person_ids i set booked = s.booked, attended = s.attended, qualified = s.qualified
  from (select exists (select 1 from meetings m where m.lead_id = p_lead) as booked,
      exists (select 1 from meetings m join meeting_latest_outcomes o on o.meeting_id = m.id
        where m.lead_id = p_lead and m.status = 'scheduled' and o.attendance = 'attended') as attended,
      exists (select 1 from meetings m join meeting_latest_outcomes o on o.meeting_id = m.id
        where m.lead_id = p_lead and m.status = 'scheduled' and o.attendance = 'attended' and o.qualified) as qualified) s
  where i.lead_id = p_lead and (i.booked, i.attended, i.qualified) is distinct from (s.booked, s.attended, s.qualified);
end
$function$;
revoke all on function public.lead_numbers_steps(p_lead uuid) from public;
