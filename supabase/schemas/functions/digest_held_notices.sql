-- public.digest_held_notices(p_now timestamp with time zone, p_every_seconds integer, p_digest jsonb)
CREATE OR REPLACE FUNCTION public.digest_held_notices(p_now timestamp with time zone, p_every_seconds integer, p_digest jsonb)
 RETURNS integer
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  c_max_notices constant integer := 100;
  c_max_bytes constant integer := 200 * 1024;
  r record;
  v_digest uuid;
  v_count integer := 0;
begin
  for r in
    select lower(o.message->>'to') as addr, min(o.message->>'to') as to_address from outbox o
    where o.held_at is not null and o.digest_id is null and o.sent_at is null
    group by lower(o.message->>'to')
  loop
    perform pg_advisory_xact_lock(hashtextextended('outbox_to:' || coalesce(r.addr, ''), 0));
    continue when exists (select 1 from outbox d where d.kind = 'lead-digest' and lower(d.message->>'to') = r.addr
      and d.created_at > p_now - make_interval(secs => p_every_seconds));
    insert into outbox (kind, message, created_at, next_attempt_at)
    values ('lead-digest', p_digest || jsonb_build_object('to', r.to_address), p_now, p_now)
    returning id into v_digest;
    -- The oldest first, while within both limits (the first one always: a digest is never empty).
    update outbox o set digest_id = v_digest
    where o.id in (
      select x.id from (
        -- What the digest shows of a notice: its facts (or its subject and text): lead-digest.ts.
        select h.id, row_number() over w as n,
          sum(octet_length(coalesce(h.message->'facts', jsonb_build_array(h.message->'subject', h.message->'text'))::text)) over w as bytes
        from outbox h
        where h.held_at is not null and h.digest_id is null and h.sent_at is null and lower(h.message->>'to') = r.addr
        window w as (order by h.created_at, h.id)
      ) x
      where x.n = 1 or (x.n <= c_max_notices and x.bytes <= c_max_bytes));
    v_count := v_count + 1;
  end loop;
  return v_count;
end
$function$;
revoke all on function public.digest_held_notices(p_now timestamp with time zone, p_every_seconds integer, p_digest jsonb) from public;
grant execute on function public.digest_held_notices(p_now timestamp with time zone, p_every_seconds integer, p_digest jsonb) to service_role;
