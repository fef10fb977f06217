-- public.meeting_by_token(p_token_hash text)
CREATE OR REPLACE FUNCTION public.meeting_by_token(p_token_hash text)
 RETURNS TABLE(actor text, id uuid, service text, starts_at timestamp with time zone, ends_at timestamp with time zone, status text, sequence integer, cancelled_by text, preseller_id uuid, preseller_name text, preseller_email text, lead_id uuid, lead_nome text, lead_email text, lead_empresa text, lead_cnpj text, lead_telefone text, lead_cargo text, lead_faturamento text, lead_vendedores text, lead_segmento text, lead_outro_segmento text, lead_modelo_negocio text, lead_time_zone text, preseller_room_url text)
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select t.actor, d.* from meeting_tokens t cross join lateral meeting_details(t.meeting_id) d
  where t.token_hash = p_token_hash and t.revoked_at is null;
$function$;
revoke all on function public.meeting_by_token(p_token_hash text) from public;
grant execute on function public.meeting_by_token(p_token_hash text) to service_role;
