-- LGPD data-subject requests (art. 18): export or erase everything stored about one person, found by
-- email in any case. Operators run them through `npm run data-subject -- export|delete <email>`
-- (scripts/data-subject.mjs), or on Supabase from the SQL editor: select export_person_data('a@b.com');

-- The person's leads (every column but the technical idempotency key), each with its meetings and the
-- consultant's name, oldest first.
create or replace function public.export_person_data(p_email text)
returns jsonb
language sql stable
set search_path = public
as $$
  select jsonb_build_object(
    'email', lower(trim(p_email)),
    'exported_at', now(),
    'leads', coalesce(jsonb_agg(
      (to_jsonb(l) - 'idempotency_key') || jsonb_build_object('meetings', (
        select coalesce(jsonb_agg(
          (to_jsonb(m) - 'idempotency_key' - 'lead_id' - 'preseller_id') || jsonb_build_object('preseller_name', p.name)
          order by m.starts_at), '[]'::jsonb)
        from meetings m join presellers p on p.id = m.preseller_id
        where m.lead_id = l.id))
      order by l.created_at, l.id), '[]'::jsonb))
  from leads l
  where lower(l.email) = lower(trim(p_email));
$$;

-- Deletes the person's meetings, leads and every outbox message about them, in one transaction, and
-- returns the counts. The outbox has no lead column, so messages are matched the way they are written
-- (functions/lib/mail/messages.ts): sent to this email, or quoting one of their lead or meeting ids
-- (the lead notification and the consultant's invite). Sent messages go too: they still hold a copy
-- of the personal data.
create or replace function public.delete_person_data(p_email text)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_email text := lower(trim(p_email));
  v_leads uuid[];
  v_ids text[];
  v_outbox integer;
  v_meetings integer;
  v_deleted_leads integer;
begin
  if v_email is null or position('@' in v_email) < 2 then
    raise exception 'delete_person_data: an email address is required' using errcode = '22023';
  end if;
  -- Locking the leads first makes a concurrent booking for them wait, then fail on the foreign key,
  -- instead of slipping a meeting (and its invites) in between the deletes below.
  v_leads := array(select l.id from leads l where lower(l.email) = v_email order by l.id for update);
  v_ids := array(select x::text from unnest(v_leads) x)
    || array(select m.id::text from meetings m where m.lead_id = any(v_leads));

  delete from outbox o
  where lower(o.message->>'to') = v_email
    or exists (select 1 from unnest(v_ids) i where position(i in coalesce(o.message->>'text', '')) > 0);
  get diagnostics v_outbox = row_count;
  delete from meetings m where m.lead_id = any(v_leads);
  get diagnostics v_meetings = row_count;
  delete from leads l where l.id = any(v_leads);
  get diagnostics v_deleted_leads = row_count;

  return jsonb_build_object('leads', v_deleted_leads, 'meetings', v_meetings, 'outbox', v_outbox);
end
$$;

revoke all on function public.export_person_data(text) from public, anon, authenticated;
revoke all on function public.delete_person_data(text) from public, anon, authenticated;
grant execute on function public.export_person_data(text) to service_role;
grant execute on function public.delete_person_data(text) to service_role;
