-- public.lead_numbers_refresh(p_identities text[])
CREATE OR REPLACE FUNCTION public.lead_numbers_refresh(p_identities text[])
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  update lead_person_ids i set created_at = x.created_at, prev_at = x.prev_at, next_at = x.next_at,
    f_source = x.first_touch->>'utm_source', f_medium = x.first_touch->>'utm_medium',
    f_campaign = x.first_touch->>'utm_campaign', f_referrer = x.first_touch->>'referrer_host',
    l_source = x.last_touch->>'utm_source', l_medium = x.last_touch->>'utm_medium',
    l_campaign = x.last_touch->>'utm_campaign', l_referrer = x.last_touch->>'referrer_host',
    segmento = x.segmento, faturamento = x.faturamento, servico = x.servico, routing_kind = x.routing_kind
  from (select l.id, l.created_at, lag(l.created_at) over w as prev_at, lead(l.created_at) over w as next_at,
      l.first_touch, l.last_touch, l.segmento, l.faturamento, l.servico, l.routing_kind
    from lead_person_ids p join leads l on l.id = p.lead_id where p.identity = any(p_identities)
    window w as (partition by p.identity order by l.created_at, l.id)) x
  where i.lead_id = x.id;
end
$function$;
revoke all on function public.lead_numbers_refresh(p_identities text[]) from public;
