-- public.book_meeting(p_meeting jsonb, p_outbox jsonb)
CREATE OR REPLACE FUNCTION public.book_meeting(p_meeting jsonb, p_outbox jsonb DEFAULT '[]'::jsonb)
 RETURNS TABLE(out_status text, out_id uuid, out_preseller_id uuid, out_starts_at timestamp with time zone)
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_key text := p_meeting->>'idempotency_key';
  v_fingerprint text := p_meeting->>'fingerprint';
  v_now timestamptz := coalesce((p_meeting->>'now')::timestamptz, now());
  v_zone text := case when is_time_zone_name(p_meeting->>'lead_time_zone') then p_meeting->>'lead_time_zone' end;
  v_email text;
begin
  select l.email into v_email from leads l where l.id = (p_meeting->>'lead_id')::uuid;
  if v_email is not null then
    perform pg_advisory_xact_lock(20261123, hashtext(email_identity(v_email)));
  end if;
  -- One booking per consultant at a time; lock order is always person → consultant.
  perform pg_advisory_xact_lock(20261125, hashtext((p_meeting->>'preseller_id')));

  return query select
    case when v_fingerprint is not null and m.request_fingerprint is not null and m.request_fingerprint <> v_fingerprint
      then 'mismatch' else 'duplicate' end,
    m.id, m.preseller_id, m.starts_at
  from meetings m where m.idempotency_key = v_key;
  if found then
    return;
  end if;

  return query select 'upcoming'::text, m.id, m.preseller_id, m.starts_at
  from meetings m where m.id = upcoming_meeting_id(v_email, v_now);
  if found then
    return;
  end if;

  if preseller_over_cap((p_meeting->>'preseller_id')::uuid, (p_meeting->>'starts_at')::timestamptz,
      coalesce(p_meeting->>'time_zone', 'America/Sao_Paulo'), null) then
    return query select 'capped'::text, null::uuid, null::uuid, null::timestamptz;
    return;
  end if;

  begin
    insert into meetings (id, lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key,
      request_fingerprint, time_set_at, link_sent_at, lead_time_zone, booked_at, routing)
    values ((p_meeting->>'id')::uuid, (p_meeting->>'lead_id')::uuid, (p_meeting->>'preseller_id')::uuid,
      (p_meeting->>'starts_at')::timestamptz, (p_meeting->>'ends_at')::timestamptz, p_meeting->>'service',
      (p_meeting->>'diagnostic_score')::integer, v_key, v_fingerprint, v_now, v_now, v_zone, v_now,
      nullif(p_meeting->'routing', 'null'::jsonb));
  exception
    when exclusion_violation then
      return query select 'conflict'::text, null::uuid, null::uuid, null::timestamptz;
      return;
    when unique_violation then
      return query select
        case when v_fingerprint is not null and m.request_fingerprint is not null and m.request_fingerprint <> v_fingerprint
          then 'mismatch' else 'duplicate' end,
        m.id, m.preseller_id, m.starts_at
      from meetings m where m.idempotency_key = v_key;
      if found then
        return;
      end if;
      raise;
  end;

  perform add_meeting_tokens((p_meeting->>'id')::uuid, p_meeting->'tokens');
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return query select 'created'::text, (p_meeting->>'id')::uuid, (p_meeting->>'preseller_id')::uuid,
    (p_meeting->>'starts_at')::timestamptz;
end
$function$;
revoke all on function public.book_meeting(p_meeting jsonb, p_outbox jsonb) from public;
grant execute on function public.book_meeting(p_meeting jsonb, p_outbox jsonb) to service_role;
