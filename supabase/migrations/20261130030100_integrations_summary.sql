-- Integrações, one screen for the mentor (issue 33 item 6): each target's state and counts, its latest
-- failures with the lead's name, and "Reenviar todos com falha". Where a delivery stands is
-- integration_status's rule (20261128000000_integrations.sql), written out here as plain predicates so
-- the counts use the outbox's indexes: sent = sent_at set; failed = not sent and (refused for good or
-- attempts used up); pending = neither (not tried yet, retrying, or waiting behind the target's pause).

-- p: { day_start (today 00:00 in Brasília), max_attempts, limit (failures listed per target) } →
-- [{ target, enabled, pausedAt, pausedStatus, sentToday, failed, pending, failures: [{ id, leadId,
--    leadName, event, at, lastStatus, lastError }] }], 'rd' then 'webhook'.
create function public.integration_summary(p jsonb)
returns jsonb
language plpgsql stable
set search_path = public
set jit = off
as $$
declare
  v_day timestamptz := (p->>'day_start')::timestamptz;
  v_max integer := (p->>'max_attempts')::integer;
  v_limit integer := least(greatest(coalesce((p->>'limit')::integer, 5), 1), 20);
begin
  return (select coalesce(jsonb_agg(jsonb_build_object(
      'target', t.target, 'enabled', t.enabled, 'pausedAt', t.paused_at, 'pausedStatus', t.paused_status,
      'sentToday', (select count(*) from outbox o where o.kind = t.target and o.sent_at >= v_day),
      'failed', (select count(*) from outbox o where o.kind = t.target and o.sent_at is null and (o.failed_at is not null or o.attempts >= v_max)),
      'pending', (select count(*) from outbox o where o.kind = t.target and o.sent_at is null and o.failed_at is null and o.attempts < v_max),
      'failures', (select coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'leadId', f.lead_id, 'leadName', f.nome, 'event', f.event,
            'at', f.at, 'lastStatus', f.last_status, 'lastError', f.last_error) order by f.at desc, f.id desc), '[]'::jsonb)
        from (select o.id, o.lead_id, l.nome, o.event, coalesce(o.failed_at, o.next_attempt_at) as at, o.last_status, o.last_error
              from outbox o left join leads l on l.id = o.lead_id
              where o.kind = t.target and o.sent_at is null and (o.failed_at is not null or o.attempts >= v_max)
              order by coalesce(o.failed_at, o.next_attempt_at) desc, o.id desc limit v_limit) f))
    order by t.target), '[]'::jsonb)
  from integration_targets t where outbox_is_integration(t.target));
end
$$;

-- "Reenviar todos com falha" of one target (p: { target, now, max_attempts }): every failed delivery is due
-- again with fresh attempts, as integration_resend does one by one, and the target's pause is lifted (the
-- mentor says it is fixed; a pause that comes back is told again). → { status: 'ok', resent: n }.
create function public.integration_resend_failed(p jsonb)
returns jsonb
language plpgsql
set search_path = public
set jit = off
as $$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_count integer;
begin
  if not outbox_is_integration(p->>'target') then
    raise exception 'integration_resend_failed: unknown target' using errcode = '22023';
  end if;
  update outbox set failed_at = null, attempts = 0, next_attempt_at = v_now, locked_until = null
  where kind = p->>'target' and sent_at is null and (failed_at is not null or attempts >= (p->>'max_attempts')::integer);
  get diagnostics v_count = row_count;
  update integration_targets set paused_at = null, paused_status = null, updated_at = v_now
  where target = p->>'target' and paused_at is not null;
  return jsonb_build_object('status', 'ok', 'resent', v_count);
end
$$;

revoke all on function public.integration_summary(jsonb) from public, anon, authenticated;
revoke all on function public.integration_resend_failed(jsonb) from public, anon, authenticated;
grant execute on function public.integration_summary(jsonb) to service_role;
grant execute on function public.integration_resend_failed(jsonb) to service_role;
