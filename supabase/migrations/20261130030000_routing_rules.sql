-- The qualification rules live here (issue 33): the mentor edits them in the painel ("Regras de
-- encaminhamento") and the next lead reads them, without a deploy. One row: the whole ordered list as the
-- schema src/schemas/roteamento.ts outputs it (checked in TypeScript before it gets here), with a version
-- that every save must name, so two mentors editing at once never overwrite each other silently.
-- An empty table is a new install: the functions seed it once from content/roteamento.yaml
-- (functions/lib/routing-rules.ts), and from then on the file is not read again.
create table public.routing_rule_set (
  id boolean primary key default true check (id),
  rules jsonb not null check (jsonb_typeof(rules->'regras') = 'array'),
  version integer not null check (version > 0),
  updated_at timestamptz not null,
  updated_by text
);
alter table public.routing_rule_set enable row level security;

-- p.action 'read' → { rules, version, updated_at, updated_by } or null (never seeded).
-- 'seed' (p.rules, p.now): inserts version 1 when the table is empty; answers the row then in force.
-- 'save' (p.rules, p.version: the version the editor read, p.actor, p.now, p.subject, p.ip_hash):
--   { status: 'ok', version } and one Atividade row ('routing:rules', p.subject: before → after), or
--   { status: 'conflict', version } when someone saved since (nothing written).
create function public.routing_rules(p jsonb)
returns jsonb
language plpgsql
set search_path = public
set jit = off
as $$
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
$$;

revoke all on function public.routing_rules(jsonb) from public, anon, authenticated;
grant execute on function public.routing_rules(jsonb) to service_role;
