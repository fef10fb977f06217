-- public.lead_persons_sync()
CREATE OR REPLACE FUNCTION public.lead_persons_sync()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  if tg_op = 'INSERT' then
    insert into lead_person_ids (lead_id, identity) values (new.id, email_identity(new.email));
  elsif tg_op = 'UPDATE' then
    update lead_person_ids set identity = email_identity(new.email) where lead_id = new.id;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    perform lead_person_refresh(email_identity(old.email));
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or email_identity(new.email) is distinct from email_identity(old.email)) then
    perform lead_person_refresh(email_identity(new.email));
  end if;
  return null;
end
$function$;
revoke all on function public.lead_persons_sync() from public;
