-- public.consultant_daily_rows()
CREATE OR REPLACE FUNCTION public.consultant_daily_rows()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_presellers uuid[];
  v_booked timestamptz[];
  v_starts timestamptz[];
begin
  -- Meetings inserted or deleted (statement triggers; `changed` is the new or the old rows), read in one
  -- pass so the three arrays stay aligned.
  select array_agg(c.preseller_id), array_agg(c.booked_at), array_agg(c.starts_at) into v_presellers, v_booked, v_starts from changed c;
  perform consultant_daily_refresh(v_presellers, v_booked, v_starts);
  return null;
end
$function$;
revoke all on function public.consultant_daily_rows() from public;
