-- public.whatsapp_claim(p jsonb)
CREATE OR REPLACE FUNCTION public.whatsapp_claim(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_rows jsonb;
begin
  with late as (
    select o.id, case
        when l.whatsapp_stopped_at is not null or l.whatsapp_group is distinct from 'whatsapp' then 'parou'
        when (o.message->>'expiresAt')::timestamptz <= v_now then 'expirou'
        when o.message->>'waKind' like 'lembrete%' and not exists (select 1 from meetings m where m.id = o.meeting_id
          and m.status = 'scheduled' and m.starts_at = (o.message->>'startsAt')::timestamptz) then 'reuniao_mudou'
      end as reason
    from outbox o left join leads l on l.id = o.lead_id
    where o.kind = 'whatsapp' and o.sent_at is null and o.dropped_at is null and o.next_attempt_at <= v_now
      and (o.locked_until is null or o.locked_until <= v_now)
    for update of o skip locked
  ), dropped as (
    update outbox o set dropped_at = v_now, locked_until = null, last_error = late.reason
    from late where o.id = late.id and late.reason is not null
    returning o.id, late.reason
  )
  update whatsapp_messages w set status = whatsapp_status_next(w.status, 'pulado'), status_at = v_now, error_title = d.reason
  from dropped d where w.outbox_id = d.id;

  with due as (
    select o.id from outbox o
    where o.kind = 'whatsapp' and o.sent_at is null and o.dropped_at is null
      and o.next_attempt_at <= v_now and o.attempts < (p->>'max_attempts')::integer
      and (o.locked_until is null or o.locked_until <= v_now)
    order by o.next_attempt_at, o.created_at
    limit (p->>'limit')::integer
    for update of o skip locked
  ), claimed as (
    update outbox o set locked_until = v_now + make_interval(secs => (p->>'lock_seconds')::integer), attempts = o.attempts + 1
    from due where o.id = due.id
    returning o.id, o.message, o.secrets, o.attempts, o.created_at
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'attempts', c.attempts,
      'message', c.message || case when c.secrets is null then '{}'::jsonb else jsonb_build_object('secrets', c.secrets) end)
    order by c.created_at), '[]'::jsonb) into v_rows from claimed c;
  return v_rows;
end
$function$;
revoke all on function public.whatsapp_claim(p jsonb) from public;
grant execute on function public.whatsapp_claim(p jsonb) to service_role;
