-- public.google_file_rows(p jsonb)
CREATE OR REPLACE FUNCTION public.google_file_rows(p jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_now timestamptz := (p->>'now')::timestamptz;
  v_since timestamptz := v_now - make_interval(days => (p->>'window_days')::integer);
  v_names jsonb;
  v_rows jsonb;
begin
  -- p: token_hash (SHA-256 hex of the link's token), now, window_days. Null when no link has that hash: an
  -- old (rotated) or unknown link reads nothing. The conversions of Google's offline-conversion files
  -- (functions/lib/conversions/google-file.ts): only leads with a measurement basis, and only stages reached
  -- by leads who arrived within the window (Google ignores clicks older than its 90-day window). An erased
  -- lead is gone with its meetings and deals.
  select g.names into v_names from google_conversion_file g where g.token_hash = p->>'token_hash' for update;
  if v_names is null then
    return null;
  end if;
  with eligible as (
    -- The lead's Google click ids as every Google sender reads them (the file writes one per row).
    select l.id, l.email, l.telefone, conversion_ad_ids(l, 'google') as ids
    from leads l
    where l.measurement_basis is not null and l.created_at >= v_since
  ), stages as (
    -- Qualified: the first time a meeting of the lead was recorded qualified (a stable time: fetched again,
    -- the row is the same and Google keeps one), while the latest outcome of one of its meetings still says so.
    select e.id, 'reuniao_qualificada'::text as stage, min(o.recorded_at) as at, null::bigint as value_cents
    from eligible e join meetings m on m.lead_id = e.id join meeting_outcomes o on o.meeting_id = m.id and o.qualified
    where exists (select 1 from meetings m2 join meeting_latest_outcomes lo on lo.meeting_id = m2.id
                  where m2.lead_id = e.id and m2.status <> 'cancelled' and lo.qualified)
    group by e.id
    union all
    select e.id, 'negocio_ganho', d.won_at, deal_total_cents(d.billing, d.value_cents, d.months)
    from eligible e join deals d on d.lead_id = e.id and d.stage = 'ganho'
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'stage', s.stage, 'at', s.at, 'valueCents', s.value_cents,
      'gclid', e.ids->>'gclid', 'gbraid', e.ids->>'gbraid', 'wbraid', e.ids->>'wbraid',
      'email', e.email, 'telefone', e.telefone) order by s.at, e.id, s.stage), '[]'::jsonb)
  into v_rows
  from stages s join eligible e on e.id = s.id
  where s.at >= v_since and s.at <= v_now;
  update google_conversion_file set last_fetch_at = v_now, last_fetch_rows = jsonb_array_length(v_rows)
  where token_hash = p->>'token_hash';
  return jsonb_build_object('names', v_names, 'rows', v_rows);
end
$function$;
revoke all on function public.google_file_rows(p jsonb) from public;
grant execute on function public.google_file_rows(p jsonb) to service_role;
