-- public.save_calendar_blocks(p_preseller_id uuid, p_url text, p_blocks jsonb, p_at timestamp with time zone)
CREATE OR REPLACE FUNCTION public.save_calendar_blocks(p_preseller_id uuid, p_url text, p_blocks jsonb, p_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  perform 1 from calendar_feeds where preseller_id = p_preseller_id and url = p_url for update;
  if not found then
    return;
  end if;
  delete from calendar_busy where preseller_id = p_preseller_id;
  insert into calendar_busy (preseller_id, starts_at, ends_at)
  select p_preseller_id, (b->>'starts_at')::timestamptz, (b->>'ends_at')::timestamptz
  from jsonb_array_elements(coalesce(p_blocks, '[]'::jsonb)) b;
  update calendar_feeds set status = 'ok', error_code = null, synced_at = p_at, attempted_at = p_at
  where preseller_id = p_preseller_id;
end
$function$;
revoke all on function public.save_calendar_blocks(p_preseller_id uuid, p_url text, p_blocks jsonb, p_at timestamp with time zone) from public;
grant execute on function public.save_calendar_blocks(p_preseller_id uuid, p_url text, p_blocks jsonb, p_at timestamp with time zone) to service_role;
