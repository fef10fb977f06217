-- public.painel_sign_in(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_sign_in(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_email text := lower(trim(p->>'email'));
  v_ttl interval := make_interval(secs => coalesce((p->>'ttl_seconds')::int, 600));
  v_retry timestamptz;
  v_role jsonb;
begin
  -- A hash that is not one never matches anything (a NULL would make the comparison below unknown).
  if coalesce(p->>'code_hash', '') !~ '^[0-9a-f]{64}$' or coalesce(p->>'session_hash', '') !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('status', 'bad');
  end if;
  select max(free_at) into v_retry from (
    select painel_quota_free_at(array_agg(a.at), (p->>'ip_failures')::int, v_now, interval '1 hour')
      from painel_activity a where a.action = 'login_failed' and a.ip_hash = p->>'ip_hash' and a.at > v_now - interval '1 hour'
    union all
    select painel_quota_free_at(array_agg(a.at), (p->>'max_attempts')::int, v_now, v_ttl)
      from painel_activity a where a.action = 'login_failed' and a.ip_hash = p->>'ip_hash' and a.actor = v_email and a.at > v_now - v_ttl
  ) quotas(free_at);
  if v_retry is not null then
    return jsonb_build_object('status', 'limited', 'retry_at', v_retry);
  end if;
  perform 1 from painel_codes c where c.email = v_email and c.code_hash = p->>'code_hash' and c.expires_at > v_now
    and c.attempts < (p->>'max_wrong_total')::int for update;
  if not found then
    -- A wrong guess costs its source (the limits above), never the codes: a stranger's guesses from many
    -- networks must not kill the code in the owner's mail (8 symbols of 31 stay beyond guessing).
    delete from painel_codes c where c.email = v_email and c.expires_at <= v_now;
    perform painel_log(jsonb_build_object('now', v_now, 'actor', v_email, 'action', 'login_failed', 'ip_hash', p->>'ip_hash'));
    return jsonb_build_object('status', 'bad');
  end if;
  delete from painel_codes c where c.email = v_email;
  v_role := painel_role(v_email, p->'mentors');
  if v_role is null then
    perform painel_log(jsonb_build_object('now', v_now, 'actor', v_email, 'action', 'login_failed', 'ip_hash', p->>'ip_hash'));
    return jsonb_build_object('status', 'bad');
  end if;
  insert into painel_sessions (token_hash, email, created_at, last_used_at, expires_at)
  values (p->>'session_hash', v_email, v_now, v_now, v_now + make_interval(secs => (p->>'absolute_seconds')::int));
  perform painel_log(jsonb_build_object('now', v_now, 'actor', v_email, 'action', 'login', 'ip_hash', p->>'ip_hash'));
  return jsonb_build_object('status', 'ok') || v_role;
end
$function$;
revoke all on function public.painel_sign_in(p jsonb) from public;
grant execute on function public.painel_sign_in(p jsonb) to service_role;
