-- public.spend_undo(p jsonb)
CREATE OR REPLACE FUNCTION public.spend_undo(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_import spend_imports;
begin
  -- p: id, actor, now. The import's rows stay (its list line says what it was); ad_spend falls back, key by
  -- key, to the newest import still in force that has the key, or loses the key.
  perform pg_advisory_xact_lock(hashtextextended('spend_imports', 0));
  select i.* into v_import from spend_imports i where i.id = (p->>'id')::uuid for update;
  if v_import.id is null then
    return jsonb_build_object('status', 'missing');
  end if;
  if v_import.undone_at is not null then
    return jsonb_build_object('status', 'already_undone', 'import', spend_import_json(v_import));
  end if;
  update spend_imports set undone_by = p->>'actor', undone_at = (p->>'now')::timestamptz
  where id = v_import.id returning * into v_import;
  perform ad_spend_refresh(v_import.id);
  return jsonb_build_object('status', 'undone', 'import', spend_import_json(v_import));
end
$function$;
revoke all on function public.spend_undo(p jsonb) from public;
grant execute on function public.spend_undo(p jsonb) to service_role;
