-- public.ad_spend_refresh(p_import uuid)
CREATE OR REPLACE FUNCTION public.ad_spend_refresh(p_import uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
  -- ad_spend again for every (platform, campaign, day) this import has a row for: the row of the newest
  -- import not undone that has the key, or no row when none has it. Called by spend_import and spend_undo
  -- under their lock, so the newest is decided by imported_at, which they keep strictly increasing.
  with keys as (
    select r.platform, r.campaign, r.day from ad_spend_rows r where r.import_id = p_import
  ), winner as (
    select distinct on (r.platform, r.campaign, r.day) r.platform, r.campaign, r.day, r.spend_cents, r.import_id
    from keys k
      join ad_spend_rows r on r.platform = k.platform and r.campaign = k.campaign and r.day = k.day
      join spend_imports i on i.id = r.import_id and i.undone_at is null
    order by r.platform, r.campaign, r.day, i.imported_at desc, i.id desc
  ), gone as (
    delete from ad_spend a using keys k
    where a.platform = k.platform and a.campaign = k.campaign and a.day = k.day
      and not exists (select 1 from winner w where w.platform = a.platform and w.campaign = a.campaign and w.day = a.day)
  )
  insert into ad_spend (platform, campaign, day, spend_cents, import_id)
  select w.platform, w.campaign, w.day, w.spend_cents, w.import_id from winner w
  on conflict (platform, campaign, day) do update set spend_cents = excluded.spend_cents, import_id = excluded.import_id
  where (ad_spend.spend_cents, ad_spend.import_id) is distinct from (excluded.spend_cents, excluded.import_id);
$function$;
revoke all on function public.ad_spend_refresh(p_import uuid) from public;
grant execute on function public.ad_spend_refresh(p_import uuid) to service_role;
