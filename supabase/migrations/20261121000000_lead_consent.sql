-- LGPD: each lead records when it accepted the privacy policy and which version it was shown
-- (content/legal/politica-de-privacidade.md, frontmatter `version`).

alter table public.leads
  add column consent_at timestamptz,
  add column privacy_policy_version text;

-- Leads from before the policy existed: their creation time is the best consent time we have, and
-- the label says plainly that no versioned policy was shown.
update public.leads
set consent_at = created_at, privacy_policy_version = 'anterior-a-2026-11-21'
where consent_at is null;

-- No default on either column: a write path that forgets them must fail, not store a lead without consent.
alter table public.leads
  alter column consent_at set not null,
  alter column privacy_policy_version set not null,
  add constraint leads_privacy_policy_version check (privacy_policy_version ~ '^[0-9A-Za-z._-]{1,40}$');

-- Same signature as before, so the grants of 20260601000200_procedures.sql still apply (service_role only).
-- consent_at is the database's clock at insert, never a time sent by the browser.
create or replace function public.create_lead(p_lead jsonb, p_outbox jsonb default '[]')
returns table (out_id uuid, out_created boolean)
language plpgsql
set search_path = public
as $$
declare
  v_id uuid;
begin
  insert into leads (id, idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento,
    vendedores, segmento, outro_segmento, modelo_negocio, origem, consent_at, privacy_policy_version)
  values ((p_lead->>'id')::uuid, p_lead->>'idempotency_key', p_lead->>'nome', p_lead->>'email',
    p_lead->>'telefone', p_lead->>'empresa', p_lead->>'cnpj', p_lead->>'cargo', p_lead->>'faturamento',
    p_lead->>'vendedores', p_lead->>'segmento', p_lead->>'outro_segmento', p_lead->>'modelo_negocio',
    p_lead->>'origem', now(), p_lead->>'privacy_policy_version')
  on conflict (idempotency_key) do nothing
  returning leads.id into v_id;

  if v_id is null then
    return query select l.id, false from leads l where l.idempotency_key = p_lead->>'idempotency_key';
    return;
  end if;

  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p_outbox, '[]'::jsonb)) x;
  return query select v_id, true;
end
$$;
