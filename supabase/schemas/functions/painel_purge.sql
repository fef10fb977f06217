-- public.painel_purge(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_purge(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_codes integer;
  v_sessions integer;
begin
  delete from painel_codes c where c.expires_at <= v_now;
  get diagnostics v_codes = row_count;
  delete from painel_sessions s where s.expires_at <= v_now or s.last_used_at + make_interval(secs => (p->>'idle_seconds')::int) <= v_now;
  get diagnostics v_sessions = row_count;
  delete from painel_code_requests r where r.at < v_now - interval '1 day';
  return jsonb_build_object('codes', v_codes, 'sessions', v_sessions);
end
$function$;
revoke all on function public.painel_purge(p jsonb) from public;
grant execute on function public.painel_purge(p jsonb) to service_role;
