-- public.painel_session(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_session(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_session painel_sessions;
  v_role jsonb;
begin
  select * into v_session from painel_sessions s where s.token_hash = p->>'session_hash';
  if not found then
    return null;
  end if;
  v_role := painel_role(v_session.email, p->'mentors');
  if v_role is null or v_session.expires_at <= v_now
     or v_session.last_used_at + make_interval(secs => (p->>'idle_seconds')::int) <= v_now then
    delete from painel_sessions s where s.token_hash = v_session.token_hash;
    return null;
  end if;
  if v_session.last_used_at < v_now - interval '1 minute' then
    update painel_sessions s set last_used_at = v_now where s.token_hash = v_session.token_hash;
  end if;
  return v_role;
end
$function$;
revoke all on function public.painel_session(p jsonb) from public;
grant execute on function public.painel_session(p jsonb) to service_role;
