-- public.painel_lead(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_lead(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  with target as (select l.* from leads l where l.id = (p->>'id')::uuid),
  person as (select pl.* from leads pl, target t where email_identity(pl.email) = email_identity(t.email))
  select jsonb_build_object(
    'id', l.id, 'createdAt', l.created_at, 'origem', l.origem,
    'answers', jsonb_build_object('nomeCompleto', l.nome, 'email', l.email, 'telefone', l.telefone, 'nomeEmpresa', l.empresa,
      'cnpj', l.cnpj, 'cargo', l.cargo, 'faturamento', l.faturamento, 'numeroVendedores', l.vendedores, 'segmento', l.segmento,
      'outroSegmento', l.outro_segmento, 'modeloNegocio', l.modelo_negocio),
    'consent', jsonb_build_object('version', l.privacy_policy_version, 'at', l.consent_at),
    'routing', case when l.routing_rule is not null then jsonb_build_object('rule', l.routing_rule, 'kind', l.routing_kind) end,
    'service', l.servico,
    'submissions', (select jsonb_agg(jsonb_build_object('id', s.id, 'createdAt', s.created_at, 'service', s.servico,
        'rule', s.routing_rule, 'answers', jsonb_build_object('nomeCompleto', s.nome, 'email', s.email, 'telefone', s.telefone,
          'nomeEmpresa', s.empresa, 'cnpj', s.cnpj, 'cargo', s.cargo, 'faturamento', s.faturamento, 'numeroVendedores', s.vendedores,
          'segmento', s.segmento, 'outroSegmento', s.outro_segmento, 'modeloNegocio', s.modelo_negocio))
      order by s.created_at desc, s.id desc) from person s),
    'meetings', coalesce((select jsonb_agg(painel_meeting_json(m.id) order by m.starts_at desc, m.id)
      from meetings m where m.lead_id in (select id from person) and (p->>'preseller' is null or m.preseller_id = (p->>'preseller')::uuid)), '[]'::jsonb),
    -- To whom, as a role (the lead, a consultant, the team): the console never shows the team's addresses.
    'mails', coalesce((select jsonb_agg(jsonb_build_object('id', o.id, 'kind', o.kind, 'subject', coalesce(o.message->>'subject', ''),
        'to', case when email_identity(o.message->>'to') = email_identity(l.email) then 'lead'
          when exists (select 1 from presellers c where lower(c.email) = lower(o.message->>'to')) then 'consultant' else 'other' end,
        'createdAt', o.created_at, 'sentAt', o.sent_at) order by o.created_at, o.id)
      from outbox o where o.lead_id in (select id from person) and not outbox_is_integration(o.kind)
        and (p->>'preseller' is null or o.meeting_id in (select m.id from meetings m where m.preseller_id = (p->>'preseller')::uuid))), '[]'::jsonb),
    'followup', (select jsonb_build_object('queuedAt', f.queued_at, 'sentAt', o.sent_at, 'droppedAt', o.dropped_at)
      from lead_followups f left join outbox o on o.id = f.outbox_id where f.lead_id in (select id from person)
      order by f.queued_at desc limit 1),
    'attribution', jsonb_build_object('firstTouch', l.first_touch, 'lastTouch', l.last_touch),
    'marketing', jsonb_build_object('optIn', l.marketing_opt_in, 'at', l.marketing_opt_in_at),
    -- A consultant sees the deliveries of the person's leads themselves (no meeting) and of their own meetings.
    'deliveries', coalesce((select jsonb_agg(d.value order by s.created_at, d.n)
      from person s cross join lateral jsonb_array_elements(integration_deliveries(jsonb_build_object('lead_id', s.id, 'max_attempts', p->'max_attempts')))
        with ordinality d(value, n)
      where p->>'preseller' is null or exists (select 1 from outbox o where o.id = (d.value->>'id')::uuid
        and (o.meeting_id is null or o.meeting_id in (select m.id from meetings m where m.preseller_id = (p->>'preseller')::uuid)))),
      '[]'::jsonb))
  from target l
  where p->>'preseller' is null
    or exists (select 1 from meetings m where m.lead_id in (select id from person) and m.preseller_id = (p->>'preseller')::uuid);
$function$;
revoke all on function public.painel_lead(p jsonb) from public;
grant execute on function public.painel_lead(p jsonb) to service_role;
