-- public.whatsapp_status_next(p_current text, p_incoming text)
CREATE OR REPLACE FUNCTION public.whatsapp_status_next(p_current text, p_incoming text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
    when p_current = 'falhou' and p_incoming = 'substituido_por_email' then p_incoming
    when p_current in ('falhou', 'substituido_por_email', 'pulado') then p_current
    when p_incoming in ('falhou', 'pulado') then case when p_current in ('pendente', 'enviado') then p_incoming else p_current end
    when p_incoming not in ('enviado', 'entregue', 'lido') then p_current
    when array_position(array['pendente', 'enviado', 'entregue', 'lido'], p_incoming)
       > array_position(array['pendente', 'enviado', 'entregue', 'lido'], p_current) then p_incoming
    else p_current end;
$function$;
revoke all on function public.whatsapp_status_next(p_current text, p_incoming text) from public;
