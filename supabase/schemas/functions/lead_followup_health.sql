-- public.lead_followup_health(p jsonb)
CREATE OR REPLACE FUNCTION public.lead_followup_health(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  with k as (
    select s.*, l.created_at + make_interval(secs => (p->>'max_age_seconds')::int) as window_end,
      exists (select 1 from lead_followups f where f.lead_id = s.lead_id) as sent
    from lead_followup_skips s join leads l on l.id = s.lead_id
    where s.at >= (p->>'day_start')::timestamptz - make_interval(secs => (p->>'max_age_seconds')::int)
  )
  select jsonb_build_object(
    'sentToday', (select count(*) from lead_followups f where f.queued_at >= (p->>'day_start')::timestamptz),
    'capSkippedToday', jsonb_build_object(
      'sourceCap', (select count(*) from k where k.at >= (p->>'day_start')::timestamptz and k.reason = 'source_cap'),
      'hourlyCap', (select count(*) from k where k.at >= (p->>'day_start')::timestamptz and k.reason = 'hourly_cap')),
    'sentAfterWaitToday', (select count(*) from k where k.at >= (p->>'day_start')::timestamptz and k.reason <> 'automated' and k.sent),
    'waiting', (select count(*) from k where k.retry_at is not null and not k.sent and k.window_end > (p->>'now')::timestamptz),
    'expiredToday', (select count(*) from k where k.retry_at is not null and not k.sent
      and k.window_end <= (p->>'now')::timestamptz and k.window_end >= (p->>'day_start')::timestamptz),
    'automatedToday', (select count(*) from k where k.at >= (p->>'day_start')::timestamptz and k.reason = 'automated'),
    'hour', (select jsonb_build_object(
      'known', count(*) filter (where f.tier = 'known'),
      'plausible', count(*) filter (where f.tier = 'plausible'),
      'other', count(*) filter (where f.tier = 'other'))
      from lead_followups f where f.queued_at > (p->>'now')::timestamptz - interval '1 hour'));
$function$;
revoke all on function public.lead_followup_health(p jsonb) from public;
grant execute on function public.lead_followup_health(p jsonb) to service_role;
