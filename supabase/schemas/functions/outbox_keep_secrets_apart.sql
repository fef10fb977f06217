-- public.outbox_keep_secrets_apart()
CREATE OR REPLACE FUNCTION public.outbox_keep_secrets_apart()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  if tg_op = 'INSERT' then
    new.secrets := case when jsonb_typeof(new.message->'secrets') = 'array' then new.message->'secrets' end;
    new.message := new.message - 'secrets';
  elsif new.sent_at is not null or new.dropped_at is not null or new.digest_id is not null then
    new.secrets := null;
    new.message := scrub_manage_links(new.message);
  end if;
  return new;
end
$function$;
revoke all on function public.outbox_keep_secrets_apart() from public;
