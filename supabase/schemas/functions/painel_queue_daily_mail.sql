-- public.painel_queue_daily_mail(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_queue_daily_mail(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  insert into painel_daily_mail (day, queued_at) values ((p->>'day')::date, (p->>'now')::timestamptz)
  on conflict (day) do nothing;
  if not found then
    return to_jsonb(false);
  end if;
  insert into outbox (kind, message, created_at, next_attempt_at)
  values ('painel-pending-outcomes', p->'message', (p->>'now')::timestamptz, (p->>'now')::timestamptz);
  return to_jsonb(true);
end
$function$;
revoke all on function public.painel_queue_daily_mail(p jsonb) from public;
grant execute on function public.painel_queue_daily_mail(p jsonb) to service_role;
