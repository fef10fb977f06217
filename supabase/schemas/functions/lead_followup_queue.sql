-- public.lead_followup_queue(p jsonb)
CREATE OR REPLACE FUNCTION public.lead_followup_queue(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_email text;
  v_lead leads%rowtype;
  v_source lead_sources%rowtype;
  v_tier text;
  v_skip text;
  v_retry timestamptz;
  v_outbox uuid;
begin
  select l.email into v_email from leads l where l.id = (p->>'lead_id')::uuid;
  if v_email is null then
    return to_jsonb(false);
  end if;
  perform pg_advisory_xact_lock(20261123, hashtext(email_identity(v_email)));
  -- The row lock keeps an erasure (delete_person_data locks the leads first) from passing in between.
  select * into v_lead from leads l where l.id = (p->>'lead_id')::uuid for share;
  if not found or not lead_followup_eligible(v_lead, v_now, make_interval(secs => (p->>'delay_seconds')::int),
      make_interval(secs => (p->>'max_age_seconds')::int)) then
    return to_jsonb(false);
  end if;
  -- Concurrent runs count the same hour one after the other.
  perform pg_advisory_xact_lock(hashtextextended('lead_followup_caps', 0));
  select * into v_source from lead_sources s where s.lead_id = v_lead.id;
  if found and cardinality(v_source.signals) > 0 then
    v_skip := 'automated';
  else
    v_tier := lead_followup_tier(v_lead, v_now);
    if v_source.source_hash is not null and (select count(*) from lead_followups f join lead_sources s on s.lead_id = f.lead_id
        where s.source_hash = v_source.source_hash and f.queued_at > v_now - interval '1 hour') >= (p->>'per_source')::int then
      v_skip := 'source_cap';
      -- A slot of this source opens when its oldest follow-up of the hour turns an hour old.
      select min(f.queued_at) + interval '1 hour' into v_retry from lead_followups f join lead_sources s on s.lead_id = f.lead_id
        where s.source_hash = v_source.source_hash and f.queued_at > v_now - interval '1 hour';
    elsif (select count(*) from lead_followups f where f.tier = v_tier and f.queued_at > v_now - interval '1 hour')
        >= coalesce((p->'budgets'->>v_tier)::int, 0) then
      v_skip := 'hourly_cap';
      select min(f.queued_at) + interval '1 hour' into v_retry from lead_followups f
        where f.tier = v_tier and f.queued_at > v_now - interval '1 hour';
    end if;
    -- No follow-up in the hour to age out (a budget of 0): look again at the next run.
    v_retry := greatest(coalesce(v_retry, v_now + interval '5 minutes'), v_now + interval '1 second');
  end if;
  if v_skip is not null then
    insert into lead_followup_skips (lead_id, at, last_at, reason, tier, retry_at)
    values (v_lead.id, v_now, v_now, v_skip, v_tier, case when v_skip = 'automated' then null else v_retry end)
    on conflict (lead_id) do update set last_at = excluded.last_at, reason = excluded.reason, tier = excluded.tier,
      retry_at = excluded.retry_at, tries = lead_followup_skips.tries + 1;
    if v_skip = 'source_cap' then
      -- The source's other waiting leads could not go before then either: one update, not one call each.
      update lead_followup_skips k set retry_at = v_retry from lead_sources s
      where s.lead_id = k.lead_id and s.source_hash = v_source.source_hash and k.lead_id <> v_lead.id
        and k.retry_at is not null and k.retry_at < v_retry
        and not exists (select 1 from lead_followups f where f.lead_id = k.lead_id);
    end if;
    return jsonb_build_object('skipped', v_skip, 'tier', v_tier);
  end if;
  insert into lead_followups (lead_id, token_hash, queued_at, expires_at, tier)
  values (v_lead.id, p->>'token_hash', v_now, v_now + make_interval(secs => (p->>'ttl_seconds')::int), v_tier)
  on conflict do nothing;
  if not found then
    return to_jsonb(false);
  end if;
  insert into outbox (kind, message, created_at, next_attempt_at, lead_id)
  values ('lead-followup', (p->'message') || jsonb_build_object('to', v_lead.email), v_now, v_now, v_lead.id)
  returning id into v_outbox;
  update lead_followups set outbox_id = v_outbox where lead_id = v_lead.id;
  return to_jsonb(true);
end
$function$;
revoke all on function public.lead_followup_queue(p jsonb) from public;
grant execute on function public.lead_followup_queue(p jsonb) to service_role;
