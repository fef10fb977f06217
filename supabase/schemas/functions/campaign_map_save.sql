-- public.campaign_map_save(p jsonb)
CREATE OR REPLACE FUNCTION public.campaign_map_save(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_utm text := p->>'utm_campaign';
  v_old text;
  v_leads bigint;
begin
  -- p: platform, campaign, utm_campaign (trimmed, 1–200 characters; null clears), actor, now. A value no lead
  -- carries is kept (the campaign's leads may not have arrived yet); the answer counts who carries it.
  select m.utm_campaign into v_old from campaign_map m where m.platform = p->>'platform' and m.campaign = p->>'campaign' for update;
  if v_utm is null then
    delete from campaign_map m where m.platform = p->>'platform' and m.campaign = p->>'campaign';
    return jsonb_build_object('status', case when v_old is null then 'unchanged' else 'cleared' end, 'utmCampaign', null, 'leads', null);
  end if;
  -- Only a campaign with spend in force is mapped: a name typed by hand would map spend that does not exist.
  if v_old is null and not exists (select 1 from ad_spend s where s.platform = p->>'platform' and s.campaign = p->>'campaign') then
    return jsonb_build_object('status', 'missing');
  end if;
  select count(distinct i.identity) into v_leads from lead_person_ids i where i.f_campaign = v_utm or i.l_campaign = v_utm;
  if v_old is not distinct from v_utm then
    return jsonb_build_object('status', 'unchanged', 'utmCampaign', v_utm, 'leads', v_leads);
  end if;
  insert into campaign_map (platform, campaign, utm_campaign, updated_by, updated_at)
  values (p->>'platform', p->>'campaign', v_utm, p->>'actor', (p->>'now')::timestamptz)
  on conflict (platform, campaign) do update set utm_campaign = excluded.utm_campaign, updated_by = excluded.updated_by,
    updated_at = excluded.updated_at;
  return jsonb_build_object('status', 'saved', 'utmCampaign', v_utm, 'leads', v_leads);
end
$function$;
revoke all on function public.campaign_map_save(p jsonb) from public;
grant execute on function public.campaign_map_save(p jsonb) to service_role;
