-- public.painel_sign_out(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_sign_out(p jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_email text;
begin
  select s.email into v_email from painel_sessions s where s.token_hash = p->>'session_hash';
  if v_email is null then
    return;
  end if;
  if coalesce((p->>'all')::boolean, false) then
    delete from painel_sessions s where s.email = v_email;
  else
    delete from painel_sessions s where s.token_hash = p->>'session_hash';
  end if;
  perform painel_log(jsonb_build_object('now', p->>'now', 'actor', v_email,
    'action', case when coalesce((p->>'all')::boolean, false) then 'logout_all' else 'logout' end, 'ip_hash', p->>'ip_hash'));
end
$function$;
revoke all on function public.painel_sign_out(p jsonb) from public;
grant execute on function public.painel_sign_out(p jsonb) to service_role;
