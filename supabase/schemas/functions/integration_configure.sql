-- public.integration_configure(p jsonb)
CREATE OR REPLACE FUNCTION public.integration_configure(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
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
$function$;
revoke all on function public.integration_configure(p jsonb) from public;
grant execute on function public.integration_configure(p jsonb) to service_role;
