-- public.routing_admin(p jsonb)
CREATE OR REPLACE FUNCTION public.routing_admin(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_action text := p->>'action';
  v_id uuid;
begin
  if v_action = 'settings' then
    return (select jsonb_build_object('window', s.count_window, 'equal_ahead', s.equal_ahead, 'updated_at', s.updated_at,
      'updated_by', s.updated_by,
      'consultants', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'email', c.email, 'active', c.active,
          'weight', c.weight, 'cap_day', c.cap_day, 'cap_week', c.cap_week) order by c.active desc, c.name, c.email)
        from presellers c), '[]'::jsonb))
      from routing_settings s limit 1);
  elsif v_action = 'window' then
    update routing_settings set count_window = p->>'window', updated_at = now(), updated_by = p->>'actor';
    return jsonb_build_object('status', 'ok');
  elsif v_action = 'mode' then
    update routing_settings set equal_ahead = (p->>'equal_ahead')::integer, updated_at = now(), updated_by = p->>'actor';
    return jsonb_build_object('status', 'ok');
  elsif v_action in ('weight', 'limit') then
    select c.id into v_id from presellers c where lower(c.email) = lower(p->>'email');
    if v_id is null then
      return jsonb_build_object('status', 'unknown_consultant');
    end if;
    if v_action = 'weight' then
      update presellers set weight = (p->>'weight')::integer where id = v_id;
    else
      update presellers set
        cap_day = case when p ? 'cap_day' then (p->>'cap_day')::integer else cap_day end,
        cap_week = case when p ? 'cap_week' then (p->>'cap_week')::integer else cap_week end
      where id = v_id;
    end if;
    return jsonb_build_object('status', 'ok');
  end if;
  raise exception 'routing_admin: unknown action' using errcode = '22023';
end
$function$;
revoke all on function public.routing_admin(p jsonb) from public;
grant execute on function public.routing_admin(p jsonb) to service_role;
