-- public.painel_role(p_email text, p_mentors jsonb)
CREATE OR REPLACE FUNCTION public.painel_role(p_email text, p_mentors jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  with who as (select lower(trim(p_email)) as email),
  consultant as (select c.id, c.name from presellers c, who where lower(c.email) = who.email and c.active)
  select case
    when exists (select 1 from jsonb_array_elements_text(coalesce(p_mentors, '[]'::jsonb)) x, who where lower(trim(x)) = who.email)
      then jsonb_build_object('role', 'mentor', 'email', who.email, 'name', (select name from consultant), 'preseller', null)
    when exists (select 1 from consultant)
      then jsonb_build_object('role', 'consultor', 'email', who.email, 'name', (select name from consultant), 'preseller', (select id from consultant))
  end
  from who;
$function$;
revoke all on function public.painel_role(p_email text, p_mentors jsonb) from public;
