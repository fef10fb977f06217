-- public.outbox_digest_failed()
CREATE OR REPLACE FUNCTION public.outbox_digest_failed()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  update outbox set digest_id = null where digest_id = new.id and sent_at is null;
  return null;
end
$function$;
revoke all on function public.outbox_digest_failed() from public;
