-- public.outbox_digest_sent()
CREATE OR REPLACE FUNCTION public.outbox_digest_sent()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  update outbox set sent_at = new.sent_at where digest_id = new.id and sent_at is null;
  return null;
end
$function$;
revoke all on function public.outbox_digest_sent() from public;
