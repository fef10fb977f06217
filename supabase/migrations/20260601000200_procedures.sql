-- Writes that must be atomic, as functions so both adapters (supabase-js .rpc and embedded PGlite)
-- run the very same transaction. Only the service role may call them (see the grants at the end).

-- Stores a lead once per idempotency key, with its notification messages, in one transaction.
create or replace function public.create_lead(p_lead jsonb, p_outbox jsonb default '[]')
returns table (out_id uuid, out_created boolean)
language plpgsql
set search_path = public
as $$
declare
  v_id uuid;
begin
  insert into leads (id, idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento,
    vendedores, segmento, outro_segmento, modelo_negocio, origem)
  values ((p_lead->>'id')::uuid, p_lead->>'idempotency_key', p_lead->>'nome', p_lead->>'email',
    p_lead->>'telefone', p_lead->>'empresa', p_lead->>'cnpj', p_lead->>'cargo', p_lead->>'faturamento',
    p_lead->>'vendedores', p_lead->>'segmento', p_lead->>'outro_segmento', p_lead->>'modelo_negocio',
    p_lead->>'origem')
  on conflict (idempotency_key) do nothing
  returning leads.id into v_id;

  if v_id is null then
    return query select l.id, false from leads l where l.idempotency_key = p_lead->>'idempotency_key';
    return;
  end if;

  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return query select v_id, true;
end
$$;

-- Books one consultant for one time, with the invite messages, in one transaction.
-- out_status: 'created' | 'duplicate' (idempotency key seen before) | 'conflict' (consultant taken).
create or replace function public.book_meeting(p_meeting jsonb, p_outbox jsonb default '[]')
returns table (out_status text, out_id uuid, out_preseller_id uuid, out_starts_at timestamptz)
language plpgsql
set search_path = public
as $$
declare
  v_key text := p_meeting->>'idempotency_key';
begin
  return query select 'duplicate'::text, m.id, m.preseller_id, m.starts_at from meetings m where m.idempotency_key = v_key;
  if found then
    return;
  end if;

  begin
    insert into meetings (id, lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key)
    values ((p_meeting->>'id')::uuid, (p_meeting->>'lead_id')::uuid, (p_meeting->>'preseller_id')::uuid,
      (p_meeting->>'starts_at')::timestamptz, (p_meeting->>'ends_at')::timestamptz, p_meeting->>'service',
      (p_meeting->>'diagnostic_score')::integer, v_key);
  exception
    when exclusion_violation then
      return query select 'conflict'::text, null::uuid, null::uuid, null::timestamptz;
      return;
    when unique_violation then
      -- The same key committed by a concurrent request in the meantime.
      return query select 'duplicate'::text, m.id, m.preseller_id, m.starts_at from meetings m where m.idempotency_key = v_key;
      if found then
        return;
      end if;
      raise;
  end;

  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return query select 'created'::text, (p_meeting->>'id')::uuid, (p_meeting->>'preseller_id')::uuid,
    (p_meeting->>'starts_at')::timestamptz;
end
$$;

-- Hands out due messages to one sender at a time (skip locked, lease of p_lock_seconds).
create or replace function public.claim_outbox(p_now timestamptz, p_limit integer, p_lock_seconds integer, p_max_attempts integer)
returns setof outbox
language sql
set search_path = public
as $$
  update outbox o
  set locked_until = p_now + make_interval(secs => p_lock_seconds), attempts = o.attempts + 1
  where o.id in (
    select id from outbox
    where sent_at is null and next_attempt_at <= p_now and attempts < p_max_attempts
      and (locked_until is null or locked_until <= p_now)
    order by next_attempt_at
    limit p_limit
    for update skip locked
  )
  returning o.*;
$$;

-- Reads used by availability and assignment, shared by both adapters so their semantics cannot drift.
create or replace function public.list_busy(p_from timestamptz, p_to timestamptz)
returns table (preseller_id uuid, starts_at timestamptz, ends_at timestamptz)
language sql stable
set search_path = public
as $$
  select m.preseller_id, m.starts_at, m.ends_at from meetings m
  where m.status = 'scheduled' and m.starts_at < p_to and m.ends_at > p_from
  union all
  select t.preseller_id, t.starts_at, t.ends_at from preseller_time_off t
  where t.starts_at < p_to and t.ends_at > p_from;
$$;

-- Consultant of the latest scheduled meeting of any lead with this email (any case) or CNPJ.
create or replace function public.previous_preseller(p_email text, p_cnpj text)
returns uuid
language sql stable
set search_path = public
as $$
  select m.preseller_id from meetings m join leads l on l.id = m.lead_id
  where m.status = 'scheduled' and (lower(l.email) = lower(p_email) or l.cnpj = p_cnpj)
  order by m.created_at desc
  limit 1;
$$;

create or replace function public.count_meetings(p_from timestamptz, p_to timestamptz)
returns table (preseller_id uuid, meetings integer)
language sql stable
set search_path = public
as $$
  select m.preseller_id, count(*)::integer from meetings m
  where m.status = 'scheduled' and m.starts_at >= p_from and m.starts_at < p_to
  group by m.preseller_id;
$$;

revoke all on function public.list_busy(timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.previous_preseller(text, text) from public, anon, authenticated;
revoke all on function public.count_meetings(timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.list_busy(timestamptz, timestamptz) to service_role;
grant execute on function public.previous_preseller(text, text) to service_role;
grant execute on function public.count_meetings(timestamptz, timestamptz) to service_role;

revoke all on function public.create_lead(jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.book_meeting(jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.claim_outbox(timestamptz, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.create_lead(jsonb, jsonb) to service_role;
grant execute on function public.book_meeting(jsonb, jsonb) to service_role;
grant execute on function public.claim_outbox(timestamptz, integer, integer, integer) to service_role;
