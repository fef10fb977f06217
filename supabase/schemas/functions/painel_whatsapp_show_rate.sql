-- public.painel_whatsapp_show_rate(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_whatsapp_show_rate(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
  -- The WhatsApp experiment in Números: meetings that started in the period [from, to) and have an outcome
  -- where the lead's attendance is known (attended or lead_no_show; a consultant's no-show says nothing about
  -- the lead), by the lead's group as drawn at opt-in (whatsapp, holdout, or none: no opt-in). The group is
  -- kept after a "PARAR": the comparison is by assignment, so stopping never moves a lead between groups.
  -- p: from, to (instants), preseller (a consultant: their own meetings).
  with counted as (
    select coalesce(l.whatsapp_group, 'none') as channel,
      count(*) filter (where o.attendance = 'attended') as attended,
      count(*) filter (where o.attendance = 'lead_no_show') as no_show
    from meetings m
    join meeting_latest_outcomes o on o.meeting_id = m.id
    join leads l on l.id = m.lead_id
    where m.starts_at >= (p->>'from')::timestamptz and m.starts_at < (p->>'to')::timestamptz
      and o.attendance in ('attended', 'lead_no_show')
      and (p->>'preseller' is null or m.preseller_id = (p->>'preseller')::uuid)
    group by 1
  )
  select jsonb_build_object('channels', jsonb_agg(jsonb_build_object('channel', c.channel,
      'attended', coalesce(x.attended, 0), 'noShow', coalesce(x.no_show, 0)) order by c.n))
  from (values ('whatsapp', 1), ('holdout', 2), ('none', 3)) as c(channel, n)
  left join counted x on x.channel = c.channel;
$function$;
revoke all on function public.painel_whatsapp_show_rate(p jsonb) from public;
grant execute on function public.painel_whatsapp_show_rate(p jsonb) to service_role;
