-- public.conversion_ad_ids(l leads, p_platform text)
CREATE OR REPLACE FUNCTION public.conversion_ad_ids(l leads, p_platform text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  -- The lead's identifiers of the platform's own ads, the latest touch's first: what says a platform's ad
  -- brought the lead (the consent's wording: "os anúncios que me trouxeram"). Meta: its cookies _fbc/_fbp
  -- (fbc built from an fbclid when the form was sent); Google: gclid, gbraid, wbraid. Empty: nothing.
  select jsonb_strip_nulls(case p_platform
    when 'meta' then jsonb_build_object('fbc', l.fbc, 'fbp', l.fbp)
    when 'google' then jsonb_build_object(
      'gclid', coalesce(l.last_touch->>'gclid', l.first_touch->>'gclid'),
      'gbraid', coalesce(l.last_touch->>'gbraid', l.first_touch->>'gbraid'),
      'wbraid', coalesce(l.last_touch->>'wbraid', l.first_touch->>'wbraid'))
    else '{}'::jsonb end);
$function$;
revoke all on function public.conversion_ad_ids(l leads, p_platform text) from public;
