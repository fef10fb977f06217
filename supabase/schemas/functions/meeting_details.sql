-- public.meeting_details(p_meeting_id uuid)
CREATE OR REPLACE FUNCTION public.meeting_details(p_meeting_id uuid)
 RETURNS TABLE(id uuid, service text, starts_at timestamp with time zone, ends_at timestamp with time zone, status text, sequence integer, cancelled_by text, preseller_id uuid, preseller_name text, preseller_email text, lead_id uuid, lead_nome text, lead_email text, lead_empresa text, lead_cnpj text, lead_telefone text, lead_cargo text, lead_faturamento text, lead_vendedores text, lead_segmento text, lead_outro_segmento text, lead_modelo_negocio text, lead_time_zone text, preseller_room_url text)
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  select m.id, m.service, m.starts_at, m.ends_at, m.status, m.sequence, m.cancelled_by,
    p.id, p.name, p.email, l.id, l.nome, l.email, l.empresa, l.cnpj, l.telefone,
    l.cargo, l.faturamento, l.vendedores, l.segmento, l.outro_segmento, l.modelo_negocio, m.lead_time_zone, p.room_url
  from meetings m join presellers p on p.id = m.preseller_id join leads l on l.id = m.lead_id
  where m.id = p_meeting_id;
$function$;
revoke all on function public.meeting_details(p_meeting_id uuid) from public;
grant execute on function public.meeting_details(p_meeting_id uuid) to service_role;
