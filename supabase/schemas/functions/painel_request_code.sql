-- public.painel_request_code(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_request_code(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_email text := lower(trim(p->>'email'));
  v_retry timestamptz;
  v_role jsonb;
begin
  perform pg_advisory_xact_lock(hashtextextended('painel_code:' || (p->>'email_hash'), 0));
  delete from painel_code_requests r where r.at < v_now - interval '1 day'
    and (r.email_hash = p->>'email_hash' or r.ip_hash = p->>'ip_hash');
  select max(free_at) into v_retry from (
    select painel_quota_free_at(array_agg(r.at), (p->>'per_address_ip')::int, v_now, interval '1 hour')
      from painel_code_requests r where r.email_hash = p->>'email_hash' and r.ip_hash = p->>'ip_hash'
    union all
    select painel_quota_free_at(array_agg(r.at), (p->>'per_address')::int, v_now, interval '1 hour')
      from painel_code_requests r where r.email_hash = p->>'email_hash'
    union all
    select painel_quota_free_at(array_agg(r.at), (p->>'per_ip')::int, v_now, interval '1 hour')
      from painel_code_requests r where r.ip_hash = p->>'ip_hash'
  ) quotas(free_at);
  if v_retry is not null then
    -- Refused, and not counted: refusals never extend a lockout.
    return jsonb_build_object('status', 'limited', 'retry_at', v_retry);
  end if;
  insert into painel_code_requests (at, email_hash, ip_hash) values (v_now, p->>'email_hash', p->>'ip_hash');
  v_role := painel_role(v_email, p->'mentors');
  if v_role is null then
    return jsonb_build_object('status', 'denied');
  end if;
  insert into painel_codes (email, code_hash, created_at, expires_at, attempts)
  values (v_email, p->>'code_hash', v_now, v_now + make_interval(secs => (p->>'ttl_seconds')::int), 0)
  on conflict (email, code_hash) do nothing;
  insert into outbox (kind, message, created_at, next_attempt_at)
  values ('painel-code', (p->'message') || jsonb_build_object('to', trim(p->>'email')), v_now, v_now);
  perform painel_log(jsonb_build_object('now', v_now, 'actor', v_email, 'action', 'code_requested', 'ip_hash', p->>'ip_hash'));
  return jsonb_build_object('status', 'sent');
end
$function$;
revoke all on function public.painel_request_code(p jsonb) from public;
grant execute on function public.painel_request_code(p jsonb) to service_role;
