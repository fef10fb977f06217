-- public.meetings_equal_check()
CREATE OR REPLACE FUNCTION public.meetings_equal_check()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
declare
  v_input jsonb := new.routing->'input';
  v_ahead integer := (new.routing->'input'->>'equalAhead')::int;
  v_chosen numeric;
  v_least numeric;
begin
  -- The returning lead's consultant ('consultor anterior') is kept whatever the fairness, as in route().
  if v_ahead is null or coalesce(new.routing->'decision'->>'tieBreak', '') = 'consultor anterior' then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('routing_equal', 0));
  with counted as (
    select c.preseller_id, count(*) as n from routing_counted((new.routing->'window'->>'from')::timestamptz, (new.routing->'window'->>'to')::timestamptz) c
    group by c.preseller_id
  ),
  loads as (
    select x->>'id' as id,
      round(((coalesce(k.n, 0) + (x->>'credit')::numeric) * 100) / greatest(1, (x->>'weight')::numeric), 3) as load,
      (x->>'inPool')::boolean and (x->>'worksThatDay')::boolean
        and not ((x->>'capDay') is not null and (x->>'dayCount')::int >= (x->>'capDay')::int)
        and not ((x->>'capWeek') is not null and (x->>'weekCount')::int >= (x->>'capWeek')::int) as working
    from jsonb_array_elements(coalesce(v_input->'candidates', '[]'::jsonb)) x
    left join counted k on k.preseller_id::text = x->>'id'
  )
  select (select l.load from loads l where l.id = new.preseller_id::text), (select min(l.load) from loads l where l.working)
  into v_chosen, v_least;
  if v_chosen is not null and v_least is not null and v_chosen - v_least >= v_ahead then
    raise exception 'routing moved: the chosen consultant is now ahead of the team' using errcode = 'MS001';
  end if;
  return new;
end
$function$;
revoke all on function public.meetings_equal_check() from public;
