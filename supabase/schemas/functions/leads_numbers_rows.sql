-- public.leads_numbers_rows()
CREATE OR REPLACE FUNCTION public.leads_numbers_rows()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  if tg_op = 'INSERT' then
    -- Their steps stay false: a lead's meetings come after it.
    perform lead_numbers_refresh(array(select i.identity from changed c join lead_person_ids i on i.lead_id = c.id));
  else
    perform lead_numbers_refresh(array(select email_identity(c.email) from changed c));
  end if;
  return null;
end
$function$;
revoke all on function public.leads_numbers_rows() from public;
