-- public.add_meeting_tokens(p_meeting_id uuid, p_tokens jsonb)
CREATE OR REPLACE FUNCTION public.add_meeting_tokens(p_meeting_id uuid, p_tokens jsonb)
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'public'
AS $function$
  insert into meeting_tokens (token_hash, meeting_id, actor)
  select t->>'hash', p_meeting_id, t->>'actor' from jsonb_array_elements(coalesce(p_tokens, '[]'::jsonb)) t;
$function$;
revoke all on function public.add_meeting_tokens(p_meeting_id uuid, p_tokens jsonb) from public;
grant execute on function public.add_meeting_tokens(p_meeting_id uuid, p_tokens jsonb) to service_role;
