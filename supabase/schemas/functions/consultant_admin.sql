-- public.consultant_admin(p_action text, p jsonb)
CREATE OR REPLACE FUNCTION public.consultant_admin(p_action text, p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_id uuid;
  v_now timestamptz := coalesce((p->>'now')::timestamptz, now());
begin
  if p_action = 'list' then
    return jsonb_build_object('status', 'ok', 'consultants', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', c.name, 'email', c.email, 'active', c.active,
        'hours', coalesce((select jsonb_agg(jsonb_build_object('weekday', h.weekday,
            'start', to_char(h.starts_at, 'HH24:MI'), 'end', to_char(h.ends_at, 'HH24:MI')) order by h.weekday, h.starts_at)
          from preseller_hours h where h.preseller_id = c.id), '[]'::jsonb),
        'feed', (select jsonb_build_object('status', f.status, 'error_code', f.error_code, 'synced_at', f.synced_at,
            'connected_at', f.connected_at)
          from calendar_feeds f where f.preseller_id = c.id),
        'time_off', coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'from', t.starts_at, 'to', t.ends_at,
            'reason', t.reason) order by t.starts_at)
          from preseller_time_off t where t.preseller_id = c.id and t.ends_at > v_now), '[]'::jsonb),
        'agenda_link', c.agenda_token_hash is not null,
        'room_url', c.room_url
      ) order by c.name)
      from presellers c
      where p->>'email' is null or lower(c.email) = lower(p->>'email')), '[]'::jsonb));
  end if;

  if p_action = 'add' then
    if exists (select 1 from presellers where lower(email) = lower(p->>'email')) then
      return jsonb_build_object('status', 'exists');
    end if;
    insert into presellers (name, email) values (p->>'name', p->>'email');
    if jsonb_typeof(p->'welcome') = 'object' then
      insert into outbox (kind, message, created_at, next_attempt_at) values ('consultant-welcome', p->'welcome', v_now, v_now);
    end if;
    return jsonb_build_object('status', 'ok');
  end if;

  select id into v_id from presellers where lower(email) = lower(p->>'email');
  if v_id is null then
    return jsonb_build_object('status', 'unknown_consultant');
  end if;

  if p_action = 'deactivate' then
    update presellers set active = false where id = v_id;
  elsif p_action = 'reactivate' then
    update presellers set active = true where id = v_id;
  elsif p_action = 'rename' then
    update presellers set name = p->>'name' where id = v_id;
  elsif p_action = 'email' then
    if exists (select 1 from presellers where lower(email) = lower(p->>'new_email') and id <> v_id) then
      return jsonb_build_object('status', 'exists');
    end if;
    update presellers set email = p->>'new_email' where id = v_id;
  elsif p_action = 'hours' then
    delete from preseller_hours where preseller_id = v_id;
    insert into preseller_hours (preseller_id, weekday, starts_at, ends_at)
    select v_id, (r->>'weekday')::smallint, (r->>'start')::time, (r->>'end')::time
    from jsonb_array_elements(p->'hours') r;
  elsif p_action = 'off' then
    insert into preseller_time_off (preseller_id, starts_at, ends_at, reason)
    values (v_id, (p->>'from')::timestamptz, (p->>'to')::timestamptz, nullif(p->>'reason', ''));
  elsif p_action = 'off-remove' then
    delete from preseller_time_off where id = (p->>'id')::uuid and preseller_id = v_id;
    if not found then
      return jsonb_build_object('status', 'unknown_time_off');
    end if;
  elsif p_action = 'feed' then
    if p->>'url' is null then
      delete from calendar_feeds where preseller_id = v_id;
    else
      insert into calendar_feeds (preseller_id, url, connected_at) values (v_id, p->>'url', v_now)
      on conflict (preseller_id) do update set url = excluded.url, status = 'pending', error_code = null,
        synced_at = null, attempted_at = null, connected_at = excluded.connected_at, alerted_at = null;
      delete from calendar_busy where preseller_id = v_id;
      if jsonb_typeof(p->'blocks') = 'array' then
        perform save_calendar_blocks(v_id, p->>'url', p->'blocks', v_now);
      end if;
    end if;
  elsif p_action = 'room' then
    update presellers set room_url = p->>'url' where id = v_id;
  elsif p_action = 'agenda-token' then
    if not coalesce((p->>'rotate')::boolean, false)
       and exists (select 1 from presellers where id = v_id and agenda_token_hash is not null) then
      return jsonb_build_object('status', 'exists');
    end if;
    update presellers set agenda_token_hash = p->>'hash' where id = v_id;
  else
    raise exception 'unknown action' using errcode = '22023';
  end if;
  return jsonb_build_object('status', 'ok');
end
$function$;
revoke all on function public.consultant_admin(p_action text, p jsonb) from public;
grant execute on function public.consultant_admin(p_action text, p jsonb) to service_role;
