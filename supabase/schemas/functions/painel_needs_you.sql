-- public.painel_needs_you(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_needs_you(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_preseller uuid := (p->>'preseller')::uuid;
  v_pending jsonb;
  v_held jsonb := '[]'::jsonb;
begin
  -- Meetings without an outcome: the Reuniões tab's own predicate (painel_meeting_tab), so the count is
  -- the tab's; a consultant's own only.
  execute format('select jsonb_build_object(''count'', count(*), ''oldest'', min(m.starts_at)) from meetings m where %s and ($2::uuid is null or m.preseller_id = $2)',
    painel_meeting_tab('sem-desfecho'))
  into v_pending using v_now, v_preseller;
  -- Leads since p.held_since that a rule sent to its own consultants ('pool') when none of them is active
  -- now, and that have no meeting: nobody could offer them a time. The mentor's (a consultant has no rules).
  if v_preseller is null then
    select coalesce(jsonb_agg(jsonb_build_object('rule', h.rule, 'count', h.n) order by h.rule), '[]'::jsonb) into v_held
    from (select l.routing_rule as rule, count(*) as n from leads l
          join routing_rule_set rs on true
          cross join lateral jsonb_array_elements(rs.rules->'regras') r
          where l.routing_kind = 'pool' and l.created_at >= (p->>'held_since')::timestamptz
            and r->>'nome' = l.routing_rule
            and jsonb_typeof(r->'destino'->'consultores') = 'array'
            and not exists (select 1 from presellers s where s.active
              and lower(s.email) in (select lower(e) from jsonb_array_elements_text(r->'destino'->'consultores') e))
            and not exists (select 1 from meetings m where m.lead_id = l.id)
          group by l.routing_rule) h;
  end if;
  return jsonb_build_object('pending', v_pending, 'held', v_held);
end
$function$;
revoke all on function public.painel_needs_you(p jsonb) from public;
grant execute on function public.painel_needs_you(p jsonb) to service_role;
