-- public.painel_rebook_link(p jsonb)
CREATE OR REPLACE FUNCTION public.painel_rebook_link(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_meeting meetings;
  v_email text;
  v_last timestamptz;
begin
  -- The row lock orders a send with a cancel, a move or another send of the same meeting.
  select * into v_meeting from meetings where id = (p->>'meeting_id')::uuid for update;
  if not found then
    return jsonb_build_object('status', 'missing');
  end if;
  if v_meeting.status = 'cancelled' then
    return jsonb_build_object('status', 'cancelled');
  end if;
  select max(r.sent_at) into v_last from painel_rebook_links r where r.meeting_id = v_meeting.id;
  if v_last is not null and v_last > v_now - make_interval(secs => (p->>'throttle_seconds')::integer) then
    return jsonb_build_object('status', 'throttled', 'until', v_last + make_interval(secs => (p->>'throttle_seconds')::integer));
  end if;
  if p->>'kind' = 'manage' then
    if v_meeting.starts_at - make_interval(mins => (p->>'notice_minutes')::integer) <= v_now then
      return jsonb_build_object('status', 'closed');
    end if;
    perform add_meeting_tokens(v_meeting.id, p->'tokens');
    insert into painel_rebook_links (meeting_id, lead_id, kind, sent_at) values (v_meeting.id, v_meeting.lead_id, 'manage', v_now);
  else
    if v_meeting.starts_at > v_now then
      return jsonb_build_object('status', 'not_past');
    end if;
    select l.email into v_email from leads l where l.id = v_meeting.lead_id;
    if upcoming_meeting_id(v_email, v_now) is not null then
      return jsonb_build_object('status', 'booked');
    end if;
    insert into painel_rebook_links (meeting_id, lead_id, kind, token_hash, sent_at, expires_at)
    values (v_meeting.id, v_meeting.lead_id, 'rebook', p->>'token_hash', v_now, (p->>'expires_at')::timestamptz);
  end if;
  insert into outbox (kind, message)
  select x->>'kind', x->'message' from jsonb_array_elements(coalesce(p->'outbox', '[]'::jsonb)) x;
  return jsonb_build_object('status', 'sent');
end
$function$;
revoke all on function public.painel_rebook_link(p jsonb) from public;
grant execute on function public.painel_rebook_link(p jsonb) to service_role;
