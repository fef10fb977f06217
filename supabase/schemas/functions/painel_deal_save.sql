-- public.painel_deal_save(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_deal_save(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_preseller uuid := (p->>'preseller')::uuid;
  v_old deals;
  v_new deals;
  v_identity text;
  v_log bigint;
begin
  if p->>'id' is null then
    -- Locking the lead makes a concurrent erasure (which locks the person's leads first) wait for this
    -- save, whose deal it then deletes, or this save wait for the erasure and find no lead.
    perform 1 from leads l where l.id = (p->>'lead')::uuid for share;
    select pi.identity into v_identity from lead_person_ids pi where pi.lead_id = (p->>'lead')::uuid;
  else
    select d.* into v_old from deals d where d.id = (p->>'id')::uuid for update;
    select pi.identity into v_identity from lead_person_ids pi where pi.lead_id = v_old.lead_id;
  end if;
  if v_identity is null or (v_preseller is not null and not exists (select 1 from meetings m join lead_person_ids pi on pi.lead_id = m.lead_id
      where pi.identity = v_identity and m.preseller_id = v_preseller)) then
    return jsonb_build_object('status', 'missing');
  end if;

  if v_old.id is null then
    v_new.id := gen_random_uuid();
    v_new.lead_id := (p->>'lead')::uuid;
    v_new.created_by := p->>'actor';
    v_new.preseller_id := coalesce(v_preseller, (select m.preseller_id from meetings m join lead_person_ids pi on pi.lead_id = m.lead_id
      where pi.identity = v_identity order by m.status = 'cancelled', m.starts_at desc, m.id limit 1));
    v_new.created_at := v_now;
  else
    v_new := v_old;
  end if;
  v_new.stage := p->>'stage';
  v_new.value_cents := (p->>'value_cents')::bigint;
  v_new.billing := p->>'billing';
  v_new.months := (p->>'months')::integer;
  v_new.expected_close_on := (p->>'expected_close_on')::date;
  v_new.lost_reason := p->>'lost_reason';
  v_new.lost_note := p->>'lost_note';
  v_new.won_at := case when v_new.stage = 'ganho' then coalesce(case when v_old.stage = 'ganho' then v_old.won_at end, v_now) end;
  v_new.lost_at := case when v_new.stage = 'perdido' then coalesce(case when v_old.stage = 'perdido' then v_old.lost_at end, v_now) end;

  if v_old.id is not null then
    if (v_new.stage, v_new.value_cents, v_new.billing, v_new.months, v_new.expected_close_on, v_new.lost_reason, v_new.lost_note)
        is not distinct from (v_old.stage, v_old.value_cents, v_old.billing, v_old.months, v_old.expected_close_on, v_old.lost_reason, v_old.lost_note) then
      return jsonb_build_object('status', 'unchanged', 'lead', v_old.lead_id, 'id', v_old.id);
    end if;
    if v_old.updated_at is distinct from (p->>'updated_at')::timestamptz then
      return jsonb_build_object('status', 'stale', 'lead', v_old.lead_id, 'id', v_old.id);
    end if;
    -- Always later than the version the screen holds, even on a clock that went back: the next check
    -- must tell this version from it.
    v_new.updated_at := greatest(v_now, v_old.updated_at + interval '1 millisecond');
    update deals set stage = v_new.stage, value_cents = v_new.value_cents, billing = v_new.billing, months = v_new.months,
      expected_close_on = v_new.expected_close_on, lost_reason = v_new.lost_reason, lost_note = v_new.lost_note,
      won_at = v_new.won_at, lost_at = v_new.lost_at, updated_at = v_new.updated_at
    where id = v_old.id;
  else
    v_new.updated_at := v_now;
    insert into deals select v_new.*;
  end if;

  insert into deal_stage_log (deal_id, actor, at, from_stage, to_stage, from_value_cents, to_value_cents, from_billing, to_billing,
    from_months, to_months, lost_reason)
  values (v_new.id, p->>'actor', v_new.updated_at, v_old.stage, v_new.stage, v_old.value_cents, v_new.value_cents, v_old.billing,
    v_new.billing, v_old.months, v_new.months, v_new.lost_reason)
  returning id into v_log;
  -- Atividade names the log row, not the person: once the lead is erased the line says only who acted.
  perform painel_log(jsonb_build_object('now', v_new.updated_at, 'actor', p->>'actor', 'action', 'deal', 'subject', v_log::text, 'ip_hash', p->>'ip_hash'));
  return jsonb_build_object('status', 'ok', 'lead', v_new.lead_id, 'id', v_new.id);
end
$function$;
revoke all on function public.painel_deal_save(p jsonb) from public;
grant execute on function public.painel_deal_save(p jsonb) to service_role;
