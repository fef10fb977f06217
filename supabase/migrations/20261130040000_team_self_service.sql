-- Issue 33, Equipe without command syntax and calendars that are checked.
-- 1. consultant_admin learns: 'reactivate', 'rename', 'email' (change the address; 'exists' when another
--    consultant has it), 'off-remove' (one time off, by id, only of that consultant), a welcome mail queued
--    with 'add' (p.welcome, composed by the functions), and a calendar saved with the blocks of the read
--    that checked it (p.blocks: the feed starts 'ok', it is never fetched twice to be saved). 'list' also
--    carries each consultant's time off that has not ended (next first, with its id) and since when their
--    calendar was last read or connected.
-- 2. calendar_feeds.connected_at (a feed never read is stale from when it was connected) and alerted_at
--    (the mentor and the consultant are mailed at most once a day about a calendar that stopped reading).
-- 3. stale_calendar_feeds: the rule of README "Agendas que param de ser lidas" — a consultant whose
--    calendar has not been read for 24 h is not offered (functions/lib/schedules.ts adds the busy time).
-- 4. calendar_stale_alert: queues the mails once a day per calendar, under the feed's row lock.
alter table public.calendar_feeds add column if not exists connected_at timestamptz not null default now();
alter table public.calendar_feeds add column if not exists alerted_at timestamptz;

create or replace function public.consultant_admin(p_action text, p jsonb)
returns jsonb
language plpgsql
set search_path = public
set jit = off
as $$
declare
  v_id uuid;
  v_now timestamptz := coalesce((p->>'now')::timestamptz, now());
begin
  if p_action = 'list' then
    return jsonb_build_object('status', 'ok', 'consultants', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', c.name, 'email', c.email, 'active', c.active,
        'hours', coalesce((select jsonb_agg(jsonb_build_object('weekday', h.weekday,
            'start', to_char(h.starts_at, 'HH24:MI'), 'end', to_char(h.ends_at, 'HH24:MI')) order by h.weekday, h.starts_at)
          from preseller_hours h where h.preseller_id = c.id), '[]'::jsonb),
        'feed', (select jsonb_build_object('status', f.status, 'error_code', f.error_code, 'synced_at', f.synced_at,
            'connected_at', f.connected_at)
          from calendar_feeds f where f.preseller_id = c.id),
        'time_off', coalesce((select jsonb_agg(jsonb_build_object('id', t.id, 'from', t.starts_at, 'to', t.ends_at,
            'reason', t.reason) order by t.starts_at)
          from preseller_time_off t where t.preseller_id = c.id and t.ends_at > v_now), '[]'::jsonb),
        'agenda_link', c.agenda_token_hash is not null,
        'room_url', c.room_url
      ) order by c.name)
      from presellers c
      where p->>'email' is null or lower(c.email) = lower(p->>'email')), '[]'::jsonb));
  end if;

  if p_action = 'add' then
    if exists (select 1 from presellers where lower(email) = lower(p->>'email')) then
      return jsonb_build_object('status', 'exists');
    end if;
    insert into presellers (name, email) values (p->>'name', p->>'email');
    if jsonb_typeof(p->'welcome') = 'object' then
      insert into outbox (kind, message, created_at, next_attempt_at) values ('consultant-welcome', p->'welcome', v_now, v_now);
    end if;
    return jsonb_build_object('status', 'ok');
  end if;

  select id into v_id from presellers where lower(email) = lower(p->>'email');
  if v_id is null then
    return jsonb_build_object('status', 'unknown_consultant');
  end if;

  if p_action = 'deactivate' then
    update presellers set active = false where id = v_id;
  elsif p_action = 'reactivate' then
    update presellers set active = true where id = v_id;
  elsif p_action = 'rename' then
    update presellers set name = p->>'name' where id = v_id;
  elsif p_action = 'email' then
    if exists (select 1 from presellers where lower(email) = lower(p->>'new_email') and id <> v_id) then
      return jsonb_build_object('status', 'exists');
    end if;
    update presellers set email = p->>'new_email' where id = v_id;
  elsif p_action = 'hours' then
    delete from preseller_hours where preseller_id = v_id;
    insert into preseller_hours (preseller_id, weekday, starts_at, ends_at)
    select v_id, (r->>'weekday')::smallint, (r->>'start')::time, (r->>'end')::time
    from jsonb_array_elements(p->'hours') r;
  elsif p_action = 'off' then
    insert into preseller_time_off (preseller_id, starts_at, ends_at, reason)
    values (v_id, (p->>'from')::timestamptz, (p->>'to')::timestamptz, nullif(p->>'reason', ''));
  elsif p_action = 'off-remove' then
    delete from preseller_time_off where id = (p->>'id')::uuid and preseller_id = v_id;
    if not found then
      return jsonb_build_object('status', 'unknown_time_off');
    end if;
  elsif p_action = 'feed' then
    if p->>'url' is null then
      delete from calendar_feeds where preseller_id = v_id;
    else
      insert into calendar_feeds (preseller_id, url, connected_at) values (v_id, p->>'url', v_now)
      on conflict (preseller_id) do update set url = excluded.url, status = 'pending', error_code = null,
        synced_at = null, attempted_at = null, connected_at = excluded.connected_at, alerted_at = null;
      delete from calendar_busy where preseller_id = v_id;
      if jsonb_typeof(p->'blocks') = 'array' then
        perform save_calendar_blocks(v_id, p->>'url', p->'blocks', v_now);
      end if;
    end if;
  elsif p_action = 'room' then
    update presellers set room_url = p->>'url' where id = v_id;
  elsif p_action = 'agenda-token' then
    if not coalesce((p->>'rotate')::boolean, false)
       and exists (select 1 from presellers where id = v_id and agenda_token_hash is not null) then
      return jsonb_build_object('status', 'exists');
    end if;
    update presellers set agenda_token_hash = p->>'hash' where id = v_id;
  else
    raise exception 'unknown action' using errcode = '22023';
  end if;
  return jsonb_build_object('status', 'ok');
end
$$;

-- Active consultants whose calendar was last read (or, never read, connected) before p_before.
create or replace function public.stale_calendar_feeds(p_before timestamptz)
returns table (preseller_id uuid, since timestamptz)
language sql stable
set search_path = public
as $$
  select f.preseller_id, coalesce(f.synced_at, f.connected_at) from calendar_feeds f
  join presellers p on p.id = f.preseller_id
  where p.active and coalesce(f.synced_at, f.connected_at) < p_before;
$$;

-- Queues p_mails (the mentor's and the consultant's) when the calendar has not been read since before
-- p_unread_before and nobody was told in the last 24 h; true when queued.
create or replace function public.calendar_stale_alert(p_preseller_id uuid, p_unread_before timestamptz, p_now timestamptz, p_mails jsonb)
returns boolean
language plpgsql
set search_path = public
set jit = off
as $$
begin
  perform 1 from calendar_feeds f
  where f.preseller_id = p_preseller_id and coalesce(f.synced_at, f.connected_at) < p_unread_before
    and (f.alerted_at is null or f.alerted_at <= p_now - interval '24 hours')
  for update;
  if not found then
    return false;
  end if;
  update calendar_feeds set alerted_at = p_now where preseller_id = p_preseller_id;
  insert into outbox (kind, message, created_at, next_attempt_at)
  select 'calendar-alert', m, p_now, p_now from jsonb_array_elements(coalesce(p_mails, '[]'::jsonb)) m;
  return true;
end
$$;

revoke all on function public.stale_calendar_feeds(timestamptz) from public, anon, authenticated;
revoke all on function public.calendar_stale_alert(uuid, timestamptz, timestamptz, jsonb) from public, anon, authenticated;
grant execute on function public.stale_calendar_feeds(timestamptz) to service_role;
grant execute on function public.calendar_stale_alert(uuid, timestamptz, timestamptz, jsonb) to service_role;

-- How many times one person did one action since p.since (the painel's per-person cap on calendar checks:
-- each check fetches an address the person typed, so it is counted before it runs).
create or replace function public.painel_recent_actions(p jsonb)
returns jsonb
language sql stable
set search_path = public
as $$
  select to_jsonb(count(*)::int) from painel_activity a
  where a.actor = p->>'actor' and a.action = p->>'action' and a.at > (p->>'since')::timestamptz;
$$;
revoke all on function public.painel_recent_actions(jsonb) from public, anon, authenticated;
grant execute on function public.painel_recent_actions(jsonb) to service_role;
