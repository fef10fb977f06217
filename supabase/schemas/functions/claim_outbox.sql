-- public.claim_outbox(p_now timestamp with time zone, p_limit integer, p_lock_seconds integer, p_max_attempts integer)
CREATE OR REPLACE FUNCTION public.claim_outbox(p_now timestamp with time zone, p_limit integer, p_lock_seconds integer, p_max_attempts integer)
 RETURNS TABLE(id uuid, kind text, message jsonb, attempts integer, dropped boolean)
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
#variable_conflict use_column
declare
  c_per_address_per_hour constant integer := 10;
  r record;
  v_recent integer;
begin
  update outbox o set secrets = null
  where o.sent_at is null and o.dropped_at is null and o.secrets is not null and o.attempts >= p_max_attempts
    and (o.locked_until is null or o.locked_until <= p_now);

  for r in
    select o.id as oid, o.kind as okind, lower(o.message->>'to') as addr from outbox o
    where o.sent_at is null and o.dropped_at is null and o.held_at is null and o.next_attempt_at <= p_now
      and o.attempts < p_max_attempts and (o.locked_until is null or o.locked_until <= p_now)
      and not outbox_is_integration(o.kind)
    order by o.priority, o.next_attempt_at, o.created_at
    limit p_limit
    for update skip locked
  loop
    perform pg_advisory_xact_lock(hashtextextended('outbox_to:' || coalesce(r.addr, ''), 0));
    select count(*) into v_recent from outbox s
    where lower(s.message->>'to') = r.addr and s.id <> r.oid and s.dropped_at is null and s.digest_id is null
      and (s.sent_at > p_now - interval '1 hour' or (s.sent_at is null and s.locked_until > p_now));
    if not outbox_cap_exempt(r.okind) and v_recent >= c_per_address_per_hour
        and not exists (select 1 from presellers p where lower(p.email) = r.addr) then
      if r.okind = 'lead-notification' then
        update outbox o set held_at = p_now, locked_until = null where o.id = r.oid;
      else
        return query
          update outbox o set dropped_at = p_now, locked_until = null, last_error = 'recipient_hourly_limit'
          where o.id = r.oid
          returning o.id, o.kind, o.message, o.attempts, true;
      end if;
    else
      return query
        update outbox o set locked_until = p_now + make_interval(secs => p_lock_seconds), attempts = o.attempts + 1
        where o.id = r.oid
        returning o.id, o.kind,
          o.message
            || case when o.secrets is null then '{}'::jsonb else jsonb_build_object('secrets', o.secrets) end
            || case when o.kind <> 'lead-digest' then '{}'::jsonb else jsonb_build_object('notices', coalesce((
                 select jsonb_agg(n.message order by n.created_at, n.id) from outbox n where n.digest_id = o.id), '[]'::jsonb)) end,
          o.attempts, false;
    end if;
  end loop;
end
$function$;
revoke all on function public.claim_outbox(p_now timestamp with time zone, p_limit integer, p_lock_seconds integer, p_max_attempts integer) from public;
grant execute on function public.claim_outbox(p_now timestamp with time zone, p_limit integer, p_lock_seconds integer, p_max_attempts integer) to service_role;
