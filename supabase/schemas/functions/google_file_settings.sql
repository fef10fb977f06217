-- public.google_file_settings(p jsonb)
CREATE OR REPLACE FUNCTION public.google_file_settings(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  -- p: now, actor, and optionally token_hash (a new link: the old one stops answering at once) and names
  -- (the conversion actions' names, checked by the handler). Without either it only reads. The answer never
  -- holds the hash: the link is shown once, by the handler that made it.
  if p ? 'token_hash' or p ? 'names' then
    insert into google_conversion_file (id, token_hash, token_at, names, updated_by, updated_at)
    values (true, p->>'token_hash', case when p ? 'token_hash' then (p->>'now')::timestamptz end,
      coalesce(p->'names', '{"reuniao_qualificada": "Reunião qualificada", "negocio_ganho": "Negócio ganho"}'::jsonb),
      p->>'actor', (p->>'now')::timestamptz)
    on conflict (id) do update set
      token_hash = coalesce(excluded.token_hash, google_conversion_file.token_hash),
      token_at = coalesce(excluded.token_at, google_conversion_file.token_at),
      -- A new link starts with no fetch of its own.
      last_fetch_at = case when excluded.token_hash is null then google_conversion_file.last_fetch_at end,
      last_fetch_rows = case when excluded.token_hash is null then google_conversion_file.last_fetch_rows end,
      names = case when p ? 'names' then excluded.names else google_conversion_file.names end,
      updated_by = excluded.updated_by, updated_at = excluded.updated_at;
  end if;
  return coalesce((select jsonb_build_object('linked', g.token_hash is not null, 'linkedAt', g.token_at, 'names', g.names,
      'lastFetchAt', g.last_fetch_at, 'lastFetchRows', g.last_fetch_rows)
    from google_conversion_file g),
    jsonb_build_object('linked', false, 'linkedAt', null, 'names', null, 'lastFetchAt', null, 'lastFetchRows', null));
end
$function$;
revoke all on function public.google_file_settings(p jsonb) from public;
grant execute on function public.google_file_settings(p jsonb) to service_role;
