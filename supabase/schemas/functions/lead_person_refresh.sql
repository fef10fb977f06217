-- public.lead_person_refresh(p_identity text)
CREATE OR REPLACE FUNCTION public.lead_person_refresh(p_identity text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO 'public'
 SET jit TO 'off'
AS $function$
begin
  if p_identity is null then
    return;
  end if;
  if not exists (select 1 from leads l where email_identity(l.email) = p_identity) then
    delete from lead_persons where identity = p_identity;
    return;
  end if;
  insert into lead_persons (identity, head_id, head_at, search_text, search_digits)
  select p_identity, h.id, h.created_at, a.t, a.d
  from (select l.id, l.created_at from leads l where email_identity(l.email) = p_identity
      order by email_identity(l.email), l.created_at desc, l.id desc limit 1) h,
    (select string_agg(search_fold(l.nome || ' ' || l.email || ' ' || l.empresa), E'\n') as t,
        string_agg(lower(l.cnpj) || ' ' || l.telefone, E'\n') as d
      from leads l where email_identity(l.email) = p_identity) a
  on conflict (identity) do update set head_id = excluded.head_id, head_at = excluded.head_at,
    search_text = excluded.search_text, search_digits = excluded.search_digits;
end
$function$;
revoke all on function public.lead_person_refresh(p_identity text) from public;
