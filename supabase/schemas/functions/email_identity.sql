-- public.email_identity(p_email text)
CREATE OR REPLACE FUNCTION public.email_identity(p_email text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE STRICT
 SET search_path TO ''
AS $function$
  select case
    when parts.domain is null then parts.address
    when parts.domain in ('gmail.com', 'googlemail.com') then replace(parts.local, '.', '') || '@gmail.com'
    else parts.local || '@' || parts.domain
  end
  from (
    select a.address, substring(a.address from '@([^@]*)$') as domain,
      coalesce(nullif(split_part(substring(a.address from '^(.*)@[^@]*$'), '+', 1), ''), substring(a.address from '^(.*)@[^@]*$')) as local
    from (select lower(btrim(p_email)) as address) a
  ) parts;
$function$;
