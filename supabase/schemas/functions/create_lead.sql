-- public.create_lead(p_lead jsonb, p_outbox jsonb)
CREATE OR REPLACE FUNCTION public.create_lead(p_lead jsonb, p_outbox jsonb DEFAULT '[]'::jsonb)
 RETURNS TABLE(out_id uuid, out_created boolean, out_status text, out_upcoming boolean)
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  c_leads_per_email_per_hour constant integer := 5;
  v_key text := p_lead->>'idempotency_key';
  v_hash text := p_lead->>'request_hash';
  v_identity text := email_identity(p_lead->>'email');
  v_now timestamptz := coalesce((p_lead->>'now')::timestamptz, now());
  v_tz text := coalesce(p_lead->>'time_zone', 'America/Sao_Paulo');
  v_id uuid;
  v_prev_hash text;
  v_prev_email text;
  v_upcoming boolean;
  v_told_today boolean;
  v_basis text;
  v_basis_version text;
begin
  -- One request per person at a time, so concurrent requests cannot all pass the hourly count.
  perform pg_advisory_xact_lock(hashtextextended('create_lead:' || coalesce(v_identity, ''), 0));

  for attempt in 1..2 loop
    select l.id, l.request_hash, l.email into v_id, v_prev_hash, v_prev_email from leads l where l.idempotency_key = v_key;
    if v_id is not null then
      if v_prev_hash is not null and v_hash is distinct from v_prev_hash then
        return query select null::uuid, false, 'mismatch'::text, false;
      else
        return query select v_id, false, 'duplicate'::text, upcoming_meeting_id(v_prev_email, v_now) is not null;
      end if;
      return;
    end if;
    exit when attempt = 2;

    if (select count(*) from leads l where email_identity(l.email) = v_identity and l.created_at > now() - interval '1 hour')
        >= c_leads_per_email_per_hour then
      return query select null::uuid, false, 'limited'::text, false;
      return;
    end if;

    -- The basis for sending the lead's conversions (measurement_settings): the mentor's legitimate interest
    -- covers every lead, with the privacy policy they were shown; consent only a lead who ticked the box,
    -- with the wording's version. Otherwise none, and the lead is never sent to an ad platform.
    select case when s.basis = 'interesse_legitimo' then 'interesse_legitimo'
                when coalesce((p_lead->>'measurement_consent')::boolean, false) then 'consentimento' end
      into v_basis from measurement_settings s;
    v_basis_version := case v_basis when 'interesse_legitimo' then p_lead->>'privacy_policy_version'
      when 'consentimento' then p_lead->>'measurement_wording_version' end;
    if v_basis_version is null then v_basis := null; end if;

    insert into leads (id, idempotency_key, request_hash, nome, email, telefone, empresa, cnpj, cargo, faturamento,
      vendedores, segmento, outro_segmento, modelo_negocio, origem, consent_at, privacy_policy_version,
      servico, routing_rule, routing_kind, first_touch, last_touch, marketing_opt_in, marketing_opt_in_at,
      fbp, fbc, user_agent, measurement_basis, measurement_basis_version, measurement_basis_at,
      whatsapp_opt_in_at, whatsapp_opt_in_version, whatsapp_group)
    values ((p_lead->>'id')::uuid, v_key, v_hash, p_lead->>'nome', p_lead->>'email',
      p_lead->>'telefone', p_lead->>'empresa', p_lead->>'cnpj', p_lead->>'cargo', p_lead->>'faturamento',
      p_lead->>'vendedores', p_lead->>'segmento', p_lead->>'outro_segmento', p_lead->>'modelo_negocio',
      p_lead->>'origem', now(), p_lead->>'privacy_policy_version',
      p_lead->>'servico', p_lead->>'routing_rule', p_lead->>'routing_kind',
      nullif(p_lead->'first_touch', 'null'::jsonb), nullif(p_lead->'last_touch', 'null'::jsonb),
      coalesce((p_lead->>'marketing_opt_in')::boolean, false),
      case when coalesce((p_lead->>'marketing_opt_in')::boolean, false) then now() end,
      p_lead->>'fbp', p_lead->>'fbc', p_lead->>'user_agent', v_basis, v_basis_version, case when v_basis is not null then now() end,
      case when p_lead->>'whatsapp_group' is not null then now() end,
      case when p_lead->>'whatsapp_group' is not null then p_lead->>'whatsapp_opt_in_version' end,
      p_lead->>'whatsapp_group')
    on conflict (idempotency_key) do nothing
    returning leads.id into v_id;
    exit when v_id is not null;
    -- The same key was committed meanwhile by a request for another email: answer as for a repeat.
  end loop;

  if v_id is null then
    raise exception 'create_lead: key neither stored nor found' using errcode = '40001';
  end if;
  v_upcoming := upcoming_meeting_id(p_lead->>'email', v_now) is not null;
  if not v_upcoming then
    -- Since the start of today where the team works, by the clock the outbox rows are stamped with (under
    -- the person's lock taken above).
    v_told_today := exists (select 1 from outbox o join leads l on l.id = o.lead_id
      where o.kind = 'lead-notification' and l.id <> v_id and email_identity(l.email) = v_identity
        and o.created_at >= (date_trunc('day', now() at time zone v_tz) at time zone v_tz));
    insert into outbox (kind, message)
    select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x
    where not (v_told_today and x->>'kind' = 'lead-notification');
  end if;
  return query select v_id, true, 'created'::text, v_upcoming;
end
$function$;
revoke all on function public.create_lead(p_lead jsonb, p_outbox jsonb) from public;
grant execute on function public.create_lead(p_lead jsonb, p_outbox jsonb) to service_role;
