-- public.painel_meeting_counts(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_meeting_counts(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_counts jsonb;
begin
  execute format(
    'select jsonb_build_object(''proximas'', count(*) filter (where %s), ''sem-desfecho'', count(*) filter (where %s),
       ''canceladas'', count(*) filter (where %s), ''passadas'', count(*) filter (where %s)) from meetings m where %s',
    painel_meeting_tab('proximas'), painel_meeting_tab('sem-desfecho'), painel_meeting_tab('canceladas'), painel_meeting_tab('passadas'),
    painel_meeting_filter(p))
  into v_counts
  using (p->>'now')::timestamptz, (p->>'preseller')::uuid, (p->>'consultant')::uuid, p->>'service',
    (p->>'from')::timestamptz, (p->>'to')::timestamptz;
  return v_counts;
end
$function$;
revoke all on function public.painel_meeting_counts(p jsonb) from public;
grant execute on function public.painel_meeting_counts(p jsonb) to service_role;
