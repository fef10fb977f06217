-- public.spend_import(p jsonb)
CREATE OR REPLACE FUNCTION public.spend_import(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_live spend_imports;
  v_new spend_imports;
begin
  -- p: platform, file_name, file_sha256, rows [{campaign, day, spend_cents}] (one per campaign and day), actor, now.
  -- Imports and undos take turns: each decides which import is the newest for its keys, and the same file
  -- sent twice at once must find the first one.
  perform pg_advisory_xact_lock(hashtextextended('spend_imports', 0));
  select i.* into v_live from spend_imports i where i.file_sha256 = p->>'file_sha256' and i.undone_at is null;
  if v_live.id is not null then
    return jsonb_build_object('status', 'duplicate', 'import', spend_import_json(v_live));
  end if;

  v_new.id := gen_random_uuid();
  v_new.platform := p->>'platform';
  v_new.file_name := p->>'file_name';
  v_new.file_sha256 := p->>'file_sha256';
  select count(*), min((r->>'day')::date), max((r->>'day')::date), coalesce(sum((r->>'spend_cents')::bigint), 0)
    into v_new.row_count, v_new.first_day, v_new.last_day, v_new.total_cents
    from jsonb_array_elements(p->'rows') r;
  v_new.imported_by := p->>'actor';
  -- Later than every import before it, even on a clock that went back: "newest" is the order of arrival.
  v_new.imported_at := greatest(v_now, (select max(i.imported_at) + interval '1 millisecond' from spend_imports i));
  insert into spend_imports select v_new.*;
  insert into ad_spend_rows (import_id, platform, campaign, day, spend_cents)
  select v_new.id, v_new.platform, r.campaign, r.day, r.spend_cents
  from jsonb_to_recordset(p->'rows') as r(campaign text, day date, spend_cents bigint);
  perform ad_spend_refresh(v_new.id);
  return jsonb_build_object('status', 'imported', 'import', spend_import_json(v_new));
end
$function$;
revoke all on function public.spend_import(p jsonb) from public;
grant execute on function public.spend_import(p jsonb) to service_role;
