-- public.conversion_summary(p_now timestamp with time zone)
CREATE OR REPLACE FUNCTION public.conversion_summary(p_now timestamp with time zone)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  -- Per platform: on or off, the last send, the conversions recorded today (São Paulo's day, where the
  -- team works) and in the last 7 days counted by state, and the 5 latest refusals with their reason.
  with bounds as (
    select (date_trunc('day', p_now at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo') as day_start,
      p_now - interval '7 days' as week_start
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'platform', t.target, 'enabled', t.enabled,
      'lastSentAt', (select max(o.sent_at) from outbox o where o.kind = t.target and o.sent_at is not null),
      'today', (select conversion_state_counts(t.target, b.day_start, p_now)),
      'last7Days', (select conversion_state_counts(t.target, b.week_start, p_now)),
      'refusals', (select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'leadId', r.lead_id, 'leadName', r.nome, 'stage', r.event,
            'at', r.failed_at, 'status', r.last_status, 'reason', r.reason) order by r.failed_at desc, r.id desc), '[]'::jsonb)
        from (select o.id, o.lead_id, l.nome, o.event, o.failed_at, o.last_status, coalesce(o.response->>'message', o.last_error) as reason
              from outbox o left join leads l on l.id = o.lead_id
              where o.kind = t.target and o.failed_at is not null and o.sent_at is null and o.skipped_reason is null
              order by o.failed_at desc, o.id desc limit 5) r))
    order by t.target desc), '[]'::jsonb)
  from integration_targets t, bounds b
  where t.target in ('meta', 'google');
$function$;
revoke all on function public.conversion_summary(p_now timestamp with time zone) from public;
grant execute on function public.conversion_summary(p_now timestamp with time zone) to service_role;
