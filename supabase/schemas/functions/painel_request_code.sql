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
  v_known boolean;
begin
  perform pg_advisory_xact_lock(hashtextextended('painel_code:' || (p->>'email_hash'), 0));
  delete from painel_code_requests r where r.at < v_now - interval '1 day'
    and (r.email_hash = p->>'email_hash' or r.ip_hash = p->>'ip_hash');
  -- A network this address signed in from before (its IP, an IPv6 /56): its requests count against a
  -- ceiling of their own, so strangers' requests from other networks cannot use up the owner's.
  v_known := exists (select 1 from painel_activity a where a.action = 'login' and a.actor = v_email
    and a.ip_hash = p->>'ip_hash' and a.at > v_now - make_interval(days => coalesce((p->>'known_days')::int, 90)));
  select max(free_at) into v_retry from (
    select painel_quota_free_at(array_agg(r.at), (p->>'per_address_ip')::int, v_now, interval '1 hour')
      from painel_code_requests r where r.email_hash = p->>'email_hash' and r.ip_hash = p->>'ip_hash'
    union all
    select painel_quota_free_at(array_agg(r.at), (p->>'per_address')::int, v_now, interval '1 hour')
      from painel_code_requests r where r.email_hash = p->>'email_hash' and r.known = v_known
    union all
    select painel_quota_free_at(array_agg(r.at), (p->>'per_ip')::int, v_now, interval '1 hour')
      from painel_code_requests r where r.ip_hash = p->>'ip_hash'
  ) quotas(free_at);
  if v_retry is not null then
    -- Refused, and not counted: refusals never extend a lockout.
    return jsonb_build_object('status', 'limited', 'retry_at', v_retry);
  end if;
  insert into painel_code_requests (at, email_hash, ip_hash, known) values (v_now, p->>'email_hash', p->>'ip_hash', v_known);
  v_role := painel_role(v_email, p->'mentors');
  if v_role is null then
    return jsonb_build_object('status', 'denied');
  end if;
  -- A code mailed moments ago is still live in the mailbox: no new code and no new mail (requests from
  -- many networks would otherwise fill the owner's mailbox with codes).
  if exists (select 1 from painel_codes c where c.email = v_email and c.expires_at > v_now
      and c.created_at > v_now - make_interval(secs => coalesce((p->>'resend_seconds')::int, 180))) then
    return jsonb_build_object('status', 'recent');
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
