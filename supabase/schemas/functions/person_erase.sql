-- public.person_erase(p jsonb)
CREATE OR REPLACE FUNCTION public.person_erase(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_identity text := email_identity(p->>'email');
  v_now timestamptz := (p->>'now')::timestamptz;
  v_expected text[];
  v_actual text[];
  v_counts jsonb;
begin
  if v_identity is null or position('@' in v_identity) < 2 then
    raise exception 'person_erase: an email address is required' using errcode = '22023';
  end if;
  perform 1 from leads l where email_identity(l.email) = v_identity order by l.id for update;
  v_actual := array(select m.id || ':' || m.sequence from meetings m join leads l on l.id = m.lead_id
    where email_identity(l.email) = v_identity and m.status = 'scheduled' and m.ends_at > v_now order by 1 for update of m);
  v_expected := array(select (c->>'meeting_id') || ':' || (c->>'sequence') from jsonb_array_elements(coalesce(p->'cancellations', '[]'::jsonb)) c order by 1);
  if v_actual is distinct from v_expected then
    return jsonb_build_object('status', 'stale');
  end if;
  v_counts := delete_person_data(p->>'email', p->'team');
  insert into outbox (kind, message, created_at, next_attempt_at)
  select 'meeting-erased-preseller', c->'message', v_now, v_now from jsonb_array_elements(coalesce(p->'cancellations', '[]'::jsonb)) c;
  return v_counts || jsonb_build_object('status', 'erased', 'cancelled', jsonb_array_length(coalesce(p->'cancellations', '[]'::jsonb)));
end
$function$;
revoke all on function public.person_erase(p jsonb) from public;
grant execute on function public.person_erase(p jsonb) to service_role;
