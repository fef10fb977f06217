-- public.measurement_settings_get()
CREATE OR REPLACE FUNCTION public.measurement_settings_get()
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO 'public'
AS $function$
  -- The mentor's measurement basis (the one row; the migration writes it), and whether any platform is on
  -- (measuring: the form asks for consent only then; a box for a measurement that does not happen misleads).
  select jsonb_build_object('basis', s.basis, 'wordingVersion', s.wording_version, 'updatedAt', s.updated_at, 'updatedBy', s.updated_by,
    'measuring', exists (select 1 from integration_targets t where t.target in ('meta', 'google') and t.enabled))
  from measurement_settings s;
$function$;
revoke all on function public.measurement_settings_get() from public;
grant execute on function public.measurement_settings_get() to service_role;
