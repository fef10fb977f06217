-- public.delete_person_data(p_email text, p_team jsonb)
CREATE OR REPLACE FUNCTION public.delete_person_data(p_email text, p_team jsonb DEFAULT '[]'::jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_identity text := email_identity(p_email);
  v_leads uuid[];
  v_outbox integer;
  v_meetings integer;
  v_deleted_leads integer;
begin
  if v_identity is null or position('@' in v_identity) < 2 then
    raise exception 'delete_person_data: an email address is required' using errcode = '22023';
  end if;
  -- Locking the leads first makes a concurrent booking for them wait, then find no lead,
  -- instead of slipping a meeting (and its invites) in between the deletes below.
  v_leads := array(select l.id from leads l where email_identity(l.email) = v_identity order by l.id for update);

  delete from outbox o where o.id in (select person_message_ids(p_email, p_team));
  get diagnostics v_outbox = row_count;
  delete from meetings m where m.lead_id = any(v_leads);
  get diagnostics v_meetings = row_count;
  delete from deals d where d.lead_id = any(v_leads);
  delete from leads l where l.id = any(v_leads);
  get diagnostics v_deleted_leads = row_count;
  if v_deleted_leads > 0 then
    perform integration_enqueue('webhook', 'lead.erased', null, null, null,
      jsonb_build_object('lead_ids', to_jsonb(v_leads)), now());
  end if;

  return jsonb_build_object('leads', v_deleted_leads, 'meetings', v_meetings, 'outbox', v_outbox);
end
$function$;
revoke all on function public.delete_person_data(p_email text, p_team jsonb) from public;
grant execute on function public.delete_person_data(p_email text, p_team jsonb) to service_role;
