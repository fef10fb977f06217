-- public.painel_meeting_actions(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_meeting_actions(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select coalesce(jsonb_agg(jsonb_build_object('at', a.at, 'action', a.action, 'who', coalesce(c.name, a.actor)) order by a.at, a.id), '[]'::jsonb)
  from painel_activity a
  left join lateral (select name from presellers where lower(email) = lower(a.actor) limit 1) c on true
  where a.subject = p->>'meeting'
    and a.action in (select jsonb_array_elements_text(coalesce(p->'actions', '[]'::jsonb)));
$function$;
revoke all on function public.painel_meeting_actions(p jsonb) from public;
grant execute on function public.painel_meeting_actions(p jsonb) to service_role;
