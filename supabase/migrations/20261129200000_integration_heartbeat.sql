-- Deploy contexts cannot switch production's integrations off (issue 31). A process used to write every
-- target's on/off state at its cold start, so a deploy preview on the same DATABASE_URL without
-- RD_STATION_API_KEY turned production's RD deliveries off. Now only a process that has a target's
-- settings writes it (on, its settings' hash, and the time it was last seen: seen_at, refreshed by its
-- drains every few minutes). A process without them turns the target off only when no process with them
-- has been seen for a day: settings removed from production stop the queueing within a day, a preview
-- never does.
alter table public.integration_targets add column seen_at timestamptz;
update public.integration_targets set seen_at = updated_at where enabled;

-- p: { targets: { rd: { enabled, hash }, webhook: { enabled, hash } }, now }. A changed hash (new key or URL)
-- lifts that target's pause. Answers the targets' state.
create or replace function public.integration_configure(p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_now timestamptz := coalesce((p->>'now')::timestamptz, now());
  r record;
begin
  for r in select key as target, value as conf from jsonb_each(coalesce(p->'targets', '{}'::jsonb)) loop
    if coalesce((r.conf->>'enabled')::boolean, false) then
      -- Written only when something changed or the last sighting is 5 minutes old: one cheap statement
      -- per drain, not one row version per minute.
      update integration_targets t set
        enabled = true,
        paused_at = case when t.config_hash is distinct from r.conf->>'hash' then null else t.paused_at end,
        paused_status = case when t.config_hash is distinct from r.conf->>'hash' then null else t.paused_status end,
        config_hash = r.conf->>'hash',
        seen_at = v_now,
        updated_at = case when t.enabled and t.config_hash is not distinct from r.conf->>'hash' then t.updated_at else v_now end
      where t.target = r.target
        and (not t.enabled or t.config_hash is distinct from r.conf->>'hash' or t.seen_at is null or t.seen_at < v_now - interval '5 minutes');
    else
      update integration_targets t set enabled = false, updated_at = v_now
      where t.target = r.target and t.enabled and (t.seen_at is null or t.seen_at < v_now - interval '1 day');
    end if;
  end loop;
  return (select jsonb_object_agg(t.target, jsonb_build_object('enabled', t.enabled, 'paused', t.paused_at is not null))
          from integration_targets t);
end
$$;

revoke all on function public.integration_configure(jsonb) from public, anon, authenticated;
grant execute on function public.integration_configure(jsonb) to service_role;
