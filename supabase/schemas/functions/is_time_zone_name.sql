-- public.is_time_zone_name(p_value text)
CREATE OR REPLACE FUNCTION public.is_time_zone_name(p_value text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO 'public'
AS $function$
  select p_value is not null and char_length(p_value) <= 64
    and p_value ~ '^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$';
$function$;
