-- PostgreSQL's JIT compiles a query whose estimated cost passes jit_above_cost; the routing and booking
-- functions' plans pass it on busy data, and compiling cost ~30 of a booking's 49 ms of database time while
-- the query itself runs in a few (issue 31, measured on PostgreSQL 15). These are short OLTP statements
-- that never repay a compilation, so every PL/pgSQL function of the app plans without JIT: the SET clause
-- applies to every query planned inside the function. SQL-language functions are left alone (a SET clause
-- would stop the planner inlining them, e.g. integration_status). A function redefined later must say
-- `set jit = off` itself (create or replace drops this setting): tests/integration/postgres/schema.test.ts
-- fails otherwise.
do $$
declare
  f record;
begin
  for f in
    select p.oid::regprocedure as signature
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_language l on l.oid = p.prolang
    where n.nspname = 'public' and l.lanname = 'plpgsql' and p.prokind = 'f'
  loop
    execute format('alter function %s set jit = off', f.signature);
  end loop;
end
$$;
