-- public.team_identities(p_team jsonb)
CREATE OR REPLACE FUNCTION public.team_identities(p_team jsonb)
 RETURNS SETOF text
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select email_identity(x) from jsonb_array_elements_text(coalesce(p_team, '[]'::jsonb)) x
  union
  select email_identity(p.email) from presellers p;
$function$;
revoke all on function public.team_identities(p_team jsonb) from public;
