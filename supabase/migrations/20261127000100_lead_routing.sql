-- The lead's service and its qualification rule (issue 19): create_lead as in 20261125000000_same_person.sql,
-- now also storing from p_lead the service the wizard chose (servico: 'consultoria' | 'trafego', null when
-- unknown), the name of the rule of content/roteamento.yaml its answers matched (routing_rule) and where
-- that rule sends it (routing_kind: 'team' | 'pool' | 'none'); columns from 20261127000000_routing.sql.
-- A repeat of the same key stores nothing new: its request hash covers the service (handlers/leads.ts).

create or replace function public.create_lead(p_lead jsonb, p_outbox jsonb default '[]')
returns table (out_id uuid, out_created boolean, out_status text, out_upcoming boolean)
language plpgsql
set search_path = public
as $$
declare
  c_leads_per_email_per_hour constant integer := 5;
  v_key text := p_lead->>'idempotency_key';
  v_hash text := p_lead->>'request_hash';
  v_identity text := email_identity(p_lead->>'email');
  v_now timestamptz := coalesce((p_lead->>'now')::timestamptz, now());
  v_id uuid;
  v_prev_hash text;
  v_prev_email text;
  v_upcoming boolean;
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

    insert into leads (id, idempotency_key, request_hash, nome, email, telefone, empresa, cnpj, cargo, faturamento,
      vendedores, segmento, outro_segmento, modelo_negocio, origem, consent_at, privacy_policy_version,
      servico, routing_rule, routing_kind)
    values ((p_lead->>'id')::uuid, v_key, v_hash, p_lead->>'nome', p_lead->>'email',
      p_lead->>'telefone', p_lead->>'empresa', p_lead->>'cnpj', p_lead->>'cargo', p_lead->>'faturamento',
      p_lead->>'vendedores', p_lead->>'segmento', p_lead->>'outro_segmento', p_lead->>'modelo_negocio',
      p_lead->>'origem', now(), p_lead->>'privacy_policy_version',
      p_lead->>'servico', p_lead->>'routing_rule', p_lead->>'routing_kind')
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
    insert into outbox (kind, message)
    select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  end if;
  return query select v_id, true, 'created'::text, v_upcoming;
end
$$;
