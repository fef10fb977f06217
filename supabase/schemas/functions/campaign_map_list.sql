-- public.campaign_map_list(p jsonb)
CREATE OR REPLACE FUNCTION public.campaign_map_list(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
  -- The map editor's view: every platform campaign with spend in force (its total and first and last day)
  -- and the utm value it counts for, or null; unmapped ones first, then by spend. Beside them, the
  -- utm_campaign values the leads carry (first or last touch) with how many persons carry each, the
  -- suggestions' material, most common first (p: utm_limit, the most values sent).
  with spend as (
    select s.platform, s.campaign, sum(s.spend_cents)::bigint as total_cents, min(s.day) as first_day, max(s.day) as last_day
    from ad_spend s group by s.platform, s.campaign
  ), utm as (
    select x.value, count(distinct x.identity) as leads
    from (select i.identity, i.f_campaign as value from lead_person_ids i
          union all select i.identity, i.l_campaign from lead_person_ids i) x
    where x.value is not null and btrim(x.value) <> ''
    group by x.value
  )
  select jsonb_build_object(
    'campaigns', coalesce((select jsonb_agg(jsonb_build_object('platform', s.platform, 'campaign', s.campaign,
        'totalCents', s.total_cents, 'firstDay', s.first_day, 'lastDay', s.last_day, 'utmCampaign', m.utm_campaign,
        'updatedBy', m.updated_by, 'updatedAt', m.updated_at)
      order by m.utm_campaign is not null, s.total_cents desc, s.platform, s.campaign)
      from spend s left join campaign_map m on m.platform = s.platform and m.campaign = s.campaign), '[]'::jsonb),
    'utmCampaigns', coalesce((select jsonb_agg(jsonb_build_object('value', u.value, 'leads', u.leads) order by u.leads desc, u.value)
      from (select * from utm order by leads desc, value limit coalesce((p->>'utm_limit')::int, 1000)) u), '[]'::jsonb),
    'utmCampaignCount', (select count(*) from utm));
$function$;
revoke all on function public.campaign_map_list(p jsonb) from public;
grant execute on function public.campaign_map_list(p jsonb) to service_role;
