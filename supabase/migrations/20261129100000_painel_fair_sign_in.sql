-- Sign-in a stranger cannot take from its owner (issue #36 M1, #32 item 8). Before: every request for an
-- address shared one quota of 5 an hour whoever sent it (refused ones counted too), and each request
-- replaced the one live code, so 6 anonymous requests locked the mentor out for an hour and one request
-- killed the code already in a consultant's mail. Now:
-- * quotas per address and IP (p.per_address_ip), per IP (p.per_ip), and a ceiling per address
--   (p.per_address) that takes many IPs to reach; a refused request is not counted;
-- * a new code joins the live ones: a code in someone's mail stays good until it expires;
-- * wrong tries count per address and IP (p.max_attempts within a code's life), plus a ceiling over all
--   IPs per code (p.max_wrong_total): a stranger's guesses do not kill the codes in the owner's mail;
-- * a refusal says when to try again (retry_at: when the first full quota frees a place).

alter table public.painel_codes drop constraint painel_codes_pkey;
alter table public.painel_codes add primary key (email, code_hash);

-- When the `limit`-th most recent of these instants leaves the hour (the quota then has a free place);
-- null while fewer than `limit` fall within the hour.
create function public.painel_quota_free_at(p_times timestamptz[], p_limit int, p_now timestamptz, p_window interval)
returns timestamptz
language sql immutable
set search_path = public
as $$
  select t + p_window from unnest(p_times) t where t > p_now - p_window order by t desc offset greatest(p_limit, 1) - 1 limit 1;
$$;
revoke all on function public.painel_quota_free_at(timestamptz[], int, timestamptz, interval) from public, anon, authenticated;

create or replace function public.painel_request_code(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
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
$$;

-- Trades a live code of the address for a session; signing in spends every code of the address.
-- 'limited' (with retry_at) after p.ip_failures failed sign-ins of one IP within the hour, or
-- p.max_attempts wrong tries of one IP at this address within a code's life (p.ttl_seconds).
create or replace function public.painel_sign_in(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
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
    update painel_codes c set attempts = c.attempts + 1 where c.email = v_email;
    delete from painel_codes c where c.email = v_email and (c.expires_at <= v_now or c.attempts >= (p->>'max_wrong_total')::int);
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
$$;
