-- public.campaign_money_rows(p_from timestamp with time zone, p_to timestamp with time zone, p_from_day date, p_to_day date, p_last boolean, p_preseller uuid)
CREATE OR REPLACE FUNCTION public.campaign_money_rows(p_from timestamp with time zone, p_to timestamp with time zone, p_from_day date, p_to_day date, p_last boolean, p_preseller uuid)
 RETURNS TABLE(campaign text, unmapped boolean, leads bigint, booked bigint, attended bigint, qualified bigint, spend_cents bigint, proposals bigint, won bigint, revenue_cents bigint)
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
 SET random_page_cost TO '1.1'
AS $function$
  -- "Qual campanha paga", one period. What each figure counts is decided here, once (the screen, its CSV and
  -- the tests read it; docs/mentor/numeros.md says it in pt-BR):
  -- - a campaign is the utm_campaign of the chosen touch; a person is counted once per period, with the
  --   touch numbers_people gives them (first: their first submission's first touch in the period; last: their
  --   last submission's last touch), as every other table of Números;
  -- - a deal counts for the campaign of the submission it was recorded on, with the same touch; "propostas"
  --   are deals created in the period, "ganhos" and "receita" deals won in it, on the won date (won_at), a
  --   monthly deal at its total, monthly × months (deal_total_cents);
  -- - spend is the imported spend of the period's days (ad_spend) whose platform campaign is mapped to the
  --   utm value (campaign_map); the rest is one "unmapped" row. A consultant sees no spend (nulls), only
  --   their own people and deals.
  -- The team's persons over whole Brasília days: the single-submission ones from numbers_daily's touch rows
  -- (exact, as in painel_numbers), the others grouped by numbers_people; a consultant's, row by row.
  with daily as (
    select p_preseller is null and (p_from at time zone numbers_daily_zone())::time = '00:00'
      and (p_to at time zone numbers_daily_zone())::time = '00:00' as ok
  ), people as (
    select u.campaign, sum(u.leads)::bigint as leads, sum(u.booked)::bigint as booked, sum(u.attended)::bigint as attended,
      sum(u.qualified)::bigint as qualified
    from (
      select case when p_last then n.l_campaign else n.f_campaign end as campaign,
        count(*) as leads, count(*) filter (where n.booked) as booked, count(*) filter (where n.attended) as attended,
        count(*) filter (where n.qualified) as qualified
      from numbers_people(p_from, p_to, p_preseller, (select ok from daily)) n group by 1
      union all
      select d.campaign, sum(d.leads), sum(d.booked), sum(d.attended), sum(d.qualified)
      from numbers_daily d
      where (select ok from daily) and d.kind = case when p_last then 'last' else 'first' end
        and d.day >= (p_from at time zone numbers_daily_zone())::date and d.day < (p_to at time zone numbers_daily_zone())::date
      group by d.campaign
    ) u
    group by u.campaign
    having sum(u.leads) > 0
  ), deal_rows as (
    select case when p_last then i.l_campaign else i.f_campaign end as campaign,
      d.created_at >= p_from and d.created_at < p_to as proposed,
      d.stage = 'ganho' and d.won_at >= p_from and d.won_at < p_to as won,
      deal_total_cents(d.billing, d.value_cents, d.months) as total
    from deals d join lead_person_ids i on i.lead_id = d.lead_id
    where ((d.created_at >= p_from and d.created_at < p_to) or (d.won_at >= p_from and d.won_at < p_to))
      and (p_preseller is null or d.preseller_id = p_preseller)
  ), money as (
    select r.campaign, count(*) filter (where r.proposed) as proposals, count(*) filter (where r.won) as won,
      coalesce(sum(r.total) filter (where r.won), 0)::bigint as revenue_cents
    from deal_rows r group by r.campaign
  ), spend as (
    select m.utm_campaign as campaign, sum(s.spend_cents)::bigint as spend_cents
    from ad_spend s left join campaign_map m on m.platform = s.platform and m.campaign = s.campaign
    where s.day between p_from_day and p_to_day and p_preseller is null
    group by m.utm_campaign
  ), keys as (
    select people.campaign from people union select money.campaign from money
    union select spend.campaign from spend where spend.campaign is not null
  )
  select k.campaign, false, coalesce(p.leads, 0), coalesce(p.booked, 0), coalesce(p.attended, 0), coalesce(p.qualified, 0),
    case when p_preseller is null then coalesce((select s.spend_cents from spend s where s.campaign = k.campaign), 0) end,
    coalesce(m.proposals, 0), coalesce(m.won, 0), coalesce(m.revenue_cents, 0)
  from keys k left join people p on p.campaign is not distinct from k.campaign
    left join money m on m.campaign is not distinct from k.campaign
  union all
  select null, true, 0, 0, 0, 0, coalesce((select s.spend_cents from spend s where s.campaign is null), 0), 0, 0, 0
  where p_preseller is null;
$function$;
revoke all on function public.campaign_money_rows(p_from timestamp with time zone, p_to timestamp with time zone, p_from_day date, p_to_day date, p_last boolean, p_preseller uuid) from public;
grant execute on function public.campaign_money_rows(p_from timestamp with time zone, p_to timestamp with time zone, p_from_day date, p_to_day date, p_last boolean, p_preseller uuid) to service_role;
