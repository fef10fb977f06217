-- public.whatsapp_recipient(p jsonb)
CREATE OR REPLACE FUNCTION public.whatsapp_recipient(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  -- Whether a lead gets WhatsApp messages now: opted in, drawn into the 'whatsapp' group, not stopped.
  -- The phone is returned as stored: the rule for a mobile is the application's (src/domain/phone.ts).
  select coalesce((select jsonb_build_object('phone', l.telefone,
      'eligible', l.whatsapp_opt_in_at is not null and l.whatsapp_group = 'whatsapp' and l.whatsapp_stopped_at is null)
    from leads l where l.id = (p->>'lead_id')::uuid), jsonb_build_object('phone', null, 'eligible', false));
$function$;
revoke all on function public.whatsapp_recipient(p jsonb) from public;
grant execute on function public.whatsapp_recipient(p jsonb) to service_role;
