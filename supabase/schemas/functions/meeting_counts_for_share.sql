-- public.meeting_counts_for_share(p_status text, p_attendance text)
CREATE OR REPLACE FUNCTION public.meeting_counts_for_share(p_status text, p_attendance text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  -- Whether a booked meeting counts in a consultant's fair share: it stands (not cancelled) and its latest
  -- outcome (p_attendance, null when none) is not the lead's no-show. routing_counted and Números' per
  -- consultant "counted" both ask this. No SET clause: the planner inlines it only without one (it names
  -- no table, so no search_path to pin).
  select p_status = 'scheduled' and p_attendance is distinct from 'lead_no_show'
$function$;
revoke all on function public.meeting_counts_for_share(p_status text, p_attendance text) from public;
grant execute on function public.meeting_counts_for_share(p_status text, p_attendance text) to service_role;
