-- public.spend_import_json(i spend_imports)
CREATE OR REPLACE FUNCTION public.spend_import_json(i spend_imports)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
  -- One import as the console shows it (the list, the import's and the undo's answers): one shape for all.
  select jsonb_build_object('id', i.id, 'fileName', i.file_name, 'platform', i.platform, 'rowCount', i.row_count,
    'firstDay', i.first_day, 'lastDay', i.last_day, 'totalCents', i.total_cents,
    'importedBy', i.imported_by, 'importedAt', i.imported_at, 'undoneBy', i.undone_by, 'undoneAt', i.undone_at);
$function$;
revoke all on function public.spend_import_json(i spend_imports) from public;
grant execute on function public.spend_import_json(i spend_imports) to service_role;
