-- public.spend_imports_list(p jsonb)
CREATE OR REPLACE FUNCTION public.spend_imports_list(p jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
  -- Every import, newest first, undone ones included (their line says who undid them and when).
  select jsonb_build_object('imports', coalesce((select jsonb_agg(spend_import_json(i) order by i.imported_at desc, i.id desc)
    from spend_imports i), '[]'::jsonb));
$function$;
revoke all on function public.spend_imports_list(p jsonb) from public;
grant execute on function public.spend_imports_list(p jsonb) to service_role;
