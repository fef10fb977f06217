-- The console's side of issue 20 (20261128000000_integrations.sql holds the rest):
-- 1. A lead's row in the list and the CSV (painel_lead_json) carries its first and last touch and the
--    e-mail marketing opt-in with its time.
-- 2. A lead's page (painel_lead) shows the same, and its RD Station and webhook deliveries as
--    integration_deliveries lists them (a consultant: those of the lead itself and of their own meetings,
--    like the mails). p.max_attempts is the drain's OUTBOX_MAX_ATTEMPTS.
-- 3. Deliveries are outbox rows too, but no mail: the mails of a lead (painel_lead) and the history of a
--    meeting (painel_meeting) leave them out (outbox_is_integration).

-- painel_lead_json as in 20261126000100_painel_functions.sql, plus firstTouch, lastTouch, marketingOptIn and
-- marketingOptInAt (the touches as the lead stored them: utm_* and click-id keys, referrer_host, landing_path).
create or replace function public.painel_lead_json(l leads, p_preseller uuid)
returns jsonb
language sql stable
set search_path = public
as $$
  select jsonb_build_object('id', l.id, 'createdAt', l.created_at, 'name', l.nome, 'email', l.email, 'company', l.empresa,
    'cnpj', l.cnpj, 'phone', l.telefone, 'segmento', l.segmento, 'faturamento', l.faturamento, 'vendedores', l.vendedores,
    'modelo', l.modelo_negocio, 'meetings', (select count(*) from meetings m where m.lead_id = l.id
      and (p_preseller is null or m.preseller_id = p_preseller)),
    'firstTouch', l.first_touch, 'lastTouch', l.last_touch,
    'marketingOptIn', l.marketing_opt_in, 'marketingOptInAt', l.marketing_opt_in_at);
$$;

-- painel_lead as in 20261127000200_lead_followup.sql; the mails leave the integration rows out, and it adds
-- `attribution` (the touches), `marketing` (the opt-in and its time) and `deliveries`.
create or replace function public.painel_lead(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select jsonb_build_object(
    'id', l.id, 'createdAt', l.created_at, 'origem', l.origem,
    'answers', jsonb_build_object('nomeCompleto', l.nome, 'email', l.email, 'telefone', l.telefone, 'nomeEmpresa', l.empresa,
      'cnpj', l.cnpj, 'cargo', l.cargo, 'faturamento', l.faturamento, 'numeroVendedores', l.vendedores, 'segmento', l.segmento,
      'outroSegmento', l.outro_segmento, 'modeloNegocio', l.modelo_negocio),
    'consent', jsonb_build_object('version', l.privacy_policy_version, 'at', l.consent_at),
    'meetings', coalesce((select jsonb_agg(painel_meeting_json(m.id) order by m.starts_at desc, m.id)
      from meetings m where m.lead_id = l.id and (p->>'preseller' is null or m.preseller_id = (p->>'preseller')::uuid)), '[]'::jsonb),
    -- To whom, as a role (the lead, a consultant, the team): the console never shows the team's addresses.
    'mails', coalesce((select jsonb_agg(jsonb_build_object('id', o.id, 'kind', o.kind, 'subject', coalesce(o.message->>'subject', ''),
        'to', case when lower(o.message->>'to') = lower(l.email) then 'lead'
          when exists (select 1 from presellers c where lower(c.email) = lower(o.message->>'to')) then 'consultant' else 'other' end,
        'createdAt', o.created_at, 'sentAt', o.sent_at) order by o.created_at, o.id)
      from outbox o where o.lead_id = l.id and not outbox_is_integration(o.kind)
        and (p->>'preseller' is null or o.meeting_id in (select m.id from meetings m where m.lead_id = l.id and m.preseller_id = (p->>'preseller')::uuid))), '[]'::jsonb),
    'followup', (select jsonb_build_object('queuedAt', f.queued_at, 'sentAt', o.sent_at, 'droppedAt', o.dropped_at)
      from lead_followups f left join outbox o on o.id = f.outbox_id where f.lead_id = l.id),
    'attribution', jsonb_build_object('firstTouch', l.first_touch, 'lastTouch', l.last_touch),
    'marketing', jsonb_build_object('optIn', l.marketing_opt_in, 'at', l.marketing_opt_in_at),
    -- A consultant sees the deliveries of the lead itself (no meeting) and of their own meetings.
    'deliveries', coalesce((select jsonb_agg(d.value order by d.n)
      from jsonb_array_elements(integration_deliveries(jsonb_build_object('lead_id', l.id, 'max_attempts', p->'max_attempts')))
        with ordinality d(value, n)
      where p->>'preseller' is null or exists (select 1 from outbox o where o.id = (d.value->>'id')::uuid
        and (o.meeting_id is null or o.meeting_id in (select m.id from meetings m where m.lead_id = l.id and m.preseller_id = (p->>'preseller')::uuid)))),
      '[]'::jsonb))
  from leads l
  where l.id = (p->>'id')::uuid
    and (p->>'preseller' is null or exists (select 1 from meetings m where m.lead_id = l.id and m.preseller_id = (p->>'preseller')::uuid));
$$;

-- painel_meeting as in 20261127000300_routing_admin.sql; its history's mails leave the integration rows out.
create or replace function public.painel_meeting(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select painel_meeting_json(m.id) || jsonb_build_object(
    'lead', jsonb_build_object('id', l.id, 'name', l.nome, 'company', l.empresa, 'email', l.email, 'phone', l.telefone, 'cnpj', l.cnpj),
    'cancelledBy', m.cancelled_by,
    'cancelReason', m.cancel_reason,
    'outcomes', coalesce((select jsonb_agg(painel_outcome_json(o) order by o.recorded_at desc, o.id desc)
      from meeting_outcomes o where o.meeting_id = m.id), '[]'::jsonb),
    'canRecordOutcome', m.status = 'scheduled' and m.starts_at <= (p->>'now')::timestamptz,
    'events', coalesce((select jsonb_agg(e.event order by e.at, e.n) from (
        select ev.at, ev.id as n, case ev.kind
            when 'booked' then jsonb_build_object('kind', 'booked', 'at', ev.at, 'startsAt', ev.to_starts_at)
            when 'rescheduled' then jsonb_build_object('kind', 'rescheduled', 'at', ev.at, 'from', ev.from_starts_at, 'to', ev.to_starts_at)
            else jsonb_build_object('kind', 'cancelled', 'at', ev.at, 'by', ev.actor, 'reason', ev.reason) end as event
          from meeting_events ev where ev.meeting_id = m.id
        union all
        select o.created_at, 0, jsonb_build_object('kind', 'mail', 'at', o.created_at, 'mailKind', o.kind,
            'subject', coalesce(o.message->>'subject', ''), 'sentAt', o.sent_at,
            'to', case lower(o.message->>'to') when lower(l.email) then 'lead' when lower(c.email) then 'consultant' else 'other' end)
          from outbox o where o.meeting_id = m.id and not outbox_is_integration(o.kind)
        union all
        select o.recorded_at, 0, jsonb_build_object('kind', 'outcome', 'at', o.recorded_at, 'outcome', painel_outcome_json(o))
          from meeting_outcomes o where o.meeting_id = m.id
      ) e), '[]'::jsonb),
    'why', case when m.routing is not null then jsonb_build_object('routing', m.routing, 'names', routing_why_names(m.routing)) end)
  from meetings m join leads l on l.id = m.lead_id join presellers c on c.id = m.preseller_id
  where m.id = (p->>'id')::uuid and (p->>'preseller' is null or m.preseller_id = (p->>'preseller')::uuid);
$$;

revoke all on function public.painel_lead_json(leads, uuid) from public, anon, authenticated;
revoke all on function public.painel_lead(jsonb) from public, anon, authenticated;
revoke all on function public.painel_meeting(jsonb) from public, anon, authenticated;
grant execute on function public.painel_lead(jsonb) to service_role;
grant execute on function public.painel_meeting(jsonb) to service_role;
