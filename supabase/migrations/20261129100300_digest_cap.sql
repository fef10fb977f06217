-- The mentor's lead digest has a size (issue #36 L8). Before: every held notice of the address went into
-- one digest (745 leads → a 4.7 MB mail; ~1,600 in 15 minutes passed 10 MB, which mail servers refuse),
-- and a digest that failed kept its notices tied to it, so they never went out. Now a digest carries the
-- oldest held notices up to 100, or 200 KB of the facts it shows (the sent mail, text and HTML, stays
-- under 1 MB); the rest wait for the next digest (one per address every 15 minutes, as before). A digest
-- that fails releases its notices: the next digest carries them (the failed one, if retried, then has
-- nothing left to say and is marked sent without a mail: functions/lib/mail/outbox.ts).

-- digest_held_notices as in 20261125000100_outbox_hardening.sql, with the cap.
create or replace function public.digest_held_notices(p_now timestamptz, p_every_seconds integer, p_digest jsonb)
returns integer
language plpgsql
set search_path = public
as $$
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
$$;

-- A digest that fails lets its notices go back to waiting for the next one.
create function public.outbox_digest_failed()
returns trigger
language plpgsql
set search_path = public
as $$
begin
  update outbox set digest_id = null where digest_id = new.id and sent_at is null;
  return null;
end
$$;
create trigger outbox_digest_failed after update of last_error on public.outbox
for each row when (new.kind = 'lead-digest' and new.sent_at is null and new.last_error is not null)
execute function public.outbox_digest_failed();
revoke all on function public.outbox_digest_failed() from public, anon, authenticated;
