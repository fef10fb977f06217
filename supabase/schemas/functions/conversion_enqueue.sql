-- public.conversion_enqueue(p_lead uuid, p_stage text, p_meeting uuid, p_at timestamp with time zone, p_value_cents bigint)
CREATE OR REPLACE FUNCTION public.conversion_enqueue(p_lead uuid, p_stage text, p_meeting uuid, p_at timestamp with time zone, p_value_cents bigint)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_lead leads%rowtype;
  v_platform text;
  v_ids jsonb;
  v_reason text;
begin
  select * into v_lead from leads where id = p_lead;
  if not found then
    return;
  end if;
  -- One row per enabled platform, lead and stage (once_key): a repeat of the fact adds nothing, so a
  -- platform never counts one conversion twice. A row the platform must not get is still written, as
  -- 'pulado' with its reason and no personal data, so the painel can say why nothing went.
  for v_platform in select t.target from integration_targets t where t.target in ('meta', 'google') and t.enabled order by t.target loop
    v_ids := conversion_ad_ids(v_lead, v_platform);
    v_reason := case when v_lead.measurement_basis is null then 'sem_base' when v_ids = '{}'::jsonb then 'sem_identificador' end;
    insert into outbox (kind, message, lead_id, meeting_id, event, once_key, next_attempt_at, skipped_reason)
    values (v_platform, jsonb_build_object('event', p_stage, 'at', p_at, 'data', case when v_reason is not null then '{}'::jsonb else
        jsonb_build_object('lead', jsonb_build_object('id', v_lead.id, 'email', v_lead.email, 'phone', v_lead.telefone,
          'user_agent', v_lead.user_agent,
          'landing_path', coalesce(v_lead.last_touch->>'landing_path', v_lead.first_touch->>'landing_path')),
          'ad_ids', v_ids, 'basis', v_lead.measurement_basis, 'value_cents', p_value_cents, 'currency', case when p_value_cents is not null then 'BRL' end) end),
      p_lead, p_meeting, p_stage, v_platform || ':' || p_stage || ':' || p_lead, '-infinity', v_reason)
    on conflict (once_key) where once_key is not null do nothing;
  end loop;
end
$function$;
revoke all on function public.conversion_enqueue(p_lead uuid, p_stage text, p_meeting uuid, p_at timestamp with time zone, p_value_cents bigint) from public;
