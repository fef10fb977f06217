-- public.measurement_settings_save(p jsonb)
CREATE OR REPLACE FUNCTION public.measurement_settings_save(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  -- The mentor's choice (the painel's handler checks who asks and the values): new leads take it from now;
  -- leads already stored keep the basis they were given.
  if p->>'basis' is null or p->>'basis' not in ('consentimento', 'interesse_legitimo')
      or coalesce(char_length(p->>'wording_version'), 0) not between 1 and 100
      or coalesce(char_length(p->>'actor'), 0) not between 1 and 320 then
    return jsonb_build_object('status', 'invalid');
  end if;
  insert into measurement_settings (id, basis, wording_version, updated_at, updated_by)
  values (true, p->>'basis', p->>'wording_version', (p->>'now')::timestamptz, p->>'actor')
  on conflict (id) do update set basis = excluded.basis, wording_version = excluded.wording_version,
    updated_at = excluded.updated_at, updated_by = excluded.updated_by;
  perform painel_log(jsonb_build_object('now', p->>'now', 'actor', p->>'actor', 'action', 'measurement_basis', 'subject', null, 'ip_hash', p->>'ip_hash'));
  return jsonb_build_object('status', 'ok', 'settings', measurement_settings_get());
end
$function$;
revoke all on function public.measurement_settings_save(p jsonb) from public;
grant execute on function public.measurement_settings_save(p jsonb) to service_role;
