-- public.routing_rules(p jsonb)
CREATE OR REPLACE FUNCTION public.routing_rules(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_action text := p->>'action';
  v_row routing_rule_set;
begin
  if v_action = 'read' then
    select * into v_row from routing_rule_set;
    if not found then
      return null;
    end if;
    return jsonb_build_object('rules', v_row.rules, 'version', v_row.version, 'updated_at', v_row.updated_at, 'updated_by', v_row.updated_by);
  elsif v_action = 'seed' then
    insert into routing_rule_set (rules, version, updated_at, updated_by)
    values (p->'rules', 1, (p->>'now')::timestamptz, null)
    on conflict (id) do nothing;
    select * into v_row from routing_rule_set;
    return jsonb_build_object('rules', v_row.rules, 'version', v_row.version, 'updated_at', v_row.updated_at, 'updated_by', v_row.updated_by);
  elsif v_action = 'save' then
    -- The row lock orders concurrent saves: the second one sees the first's version and is refused.
    select * into v_row from routing_rule_set for update;
    if coalesce(v_row.version, 0) <> (p->>'version')::integer then
      return jsonb_build_object('status', 'conflict', 'version', coalesce(v_row.version, 0));
    end if;
    insert into routing_rule_set (rules, version, updated_at, updated_by)
    values (p->'rules', 1, (p->>'now')::timestamptz, p->>'actor')
    on conflict (id) do update set rules = excluded.rules, version = routing_rule_set.version + 1,
      updated_at = excluded.updated_at, updated_by = excluded.updated_by
    returning * into v_row;
    perform painel_log(jsonb_build_object('now', p->>'now', 'actor', p->>'actor', 'action', 'routing:rules',
      'subject', p->>'subject', 'ip_hash', p->>'ip_hash'));
    return jsonb_build_object('status', 'ok', 'version', v_row.version);
  end if;
  raise exception 'routing_rules: unknown action' using errcode = '22023';
end
$function$;
revoke all on function public.routing_rules(p jsonb) from public;
grant execute on function public.routing_rules(p jsonb) to service_role;
