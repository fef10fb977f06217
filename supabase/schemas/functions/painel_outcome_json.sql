-- public.painel_outcome_json(o meeting_outcomes)
CREATE OR REPLACE FUNCTION public.painel_outcome_json(o meeting_outcomes)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select jsonb_build_object('attendance', o.attendance, 'qualified', o.qualified, 'note', o.note,
    'recordedBy', o.recorded_by, 'recordedAt', o.recorded_at);
$function$;
revoke all on function public.painel_outcome_json(o meeting_outcomes) from public;
