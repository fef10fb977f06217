-- public.scrub_manage_links(p_message jsonb)
CREATE OR REPLACE FUNCTION public.scrub_manage_links(p_message jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select regexp_replace(
    case when p_message->'icalEvent'->>'content' is null then p_message::text
      else jsonb_set(p_message, '{icalEvent,content}',
        to_jsonb(regexp_replace(p_message->'icalEvent'->>'content', E'\r\n[ \t]', '', 'g')))::text end,
    '#t=[A-Za-z0-9_-]{43}', '#t=' || repeat('~', 43), 'g')::jsonb;
$function$;
