-- public.conversion_deal_won()
CREATE OR REPLACE FUNCTION public.conversion_deal_won()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  -- A deal reaching 'ganho', with what revenue counts (deal_total_cents) on its won date.
  if new.stage = 'ganho' and (tg_op = 'INSERT' or old.stage is distinct from 'ganho') then
    perform conversion_enqueue(new.lead_id, 'negocio_ganho', null, new.won_at, deal_total_cents(new.billing, new.value_cents, new.months));
  end if;
  return null;
end
$function$;
revoke all on function public.conversion_deal_won() from public;
