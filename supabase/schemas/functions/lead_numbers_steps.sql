-- public.lead_numbers_steps(p_leads uuid[])
CREATE OR REPLACE FUNCTION public.lead_numbers_steps(p_leads uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  update lead_person_ids i set booked = s.booked, attended = s.attended, qualified = s.qualified
  from (select x.id, exists (select 1 from meetings m where m.lead_id = x.id) as booked,
      exists (select 1 from meetings m join meeting_latest_outcomes o on o.meeting_id = m.id
        where m.lead_id = x.id and m.status = 'scheduled' and o.attendance = 'attended') as attended,
      exists (select 1 from meetings m join meeting_latest_outcomes o on o.meeting_id = m.id
        where m.lead_id = x.id and m.status = 'scheduled' and o.attendance = 'attended' and o.qualified) as qualified
    from (select distinct u.id from unnest(p_leads) u(id) where u.id is not null) x) s
  where i.lead_id = s.id and (i.booked, i.attended, i.qualified) is distinct from (s.booked, s.attended, s.qualified);
end
$function$;
revoke all on function public.lead_numbers_steps(p_leads uuid[]) from public;
