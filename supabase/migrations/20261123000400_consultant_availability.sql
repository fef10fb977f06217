-- Consultants' real availability: weekly working hours, busy blocks from their own calendar feed,
-- and a private subscription feed of their meetings. Managed with `npm run consultants`.

-- One consultant per email (any case): the CLI addresses consultants by email.
create unique index if not exists presellers_email_key on public.presellers (lower(email));

-- SHA-256 (hex) of the consultant's agenda-feed token; the token itself is never stored.
alter table public.presellers add column if not exists agenda_token_hash text unique;

-- Weekly working hours, in the scheduling time zone (America/Sao_Paulo). Several ranges a day allow a
-- lunch break. A consultant without rows works the global default hours (src/domain/scheduling-config.ts).
create table public.preseller_hours (
  preseller_id uuid not null references public.presellers (id) on delete cascade,
  weekday smallint not null check (weekday between 0 and 6),
  starts_at time not null,
  ends_at time not null,
  primary key (preseller_id, weekday, starts_at),
  constraint preseller_hours_range check (ends_at > starts_at)
);

-- The consultant's iCalendar feed. The URL is a secret (whoever has it reads the calendar): it never
-- leaves the database except to be fetched. status: pending (never fetched) | ok | error (error_code).
create table public.calendar_feeds (
  preseller_id uuid primary key references public.presellers (id) on delete cascade,
  url text not null check (url ~ '^https?://'),
  status text not null default 'pending' check (status in ('pending', 'ok', 'error')),
  error_code text,
  synced_at timestamptz,
  attempted_at timestamptz
);

-- Busy intervals from the feed: start and end only, never titles or other event details.
create table public.calendar_busy (
  preseller_id uuid not null references public.calendar_feeds (preseller_id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  constraint calendar_busy_range check (ends_at > starts_at)
);
create index calendar_busy_idx on public.calendar_busy (starts_at, ends_at);
create index calendar_busy_preseller_idx on public.calendar_busy (preseller_id);

alter table public.preseller_hours enable row level security;
alter table public.calendar_feeds enable row level security;
alter table public.calendar_busy enable row level security;

-- Meetings, time off and calendar blocks overlapping [p_from, p_to). Working hours are applied by the
-- functions (functions/lib/schedules.ts), which know the default hours.
create or replace function public.list_busy(p_from timestamptz, p_to timestamptz)
returns table (preseller_id uuid, starts_at timestamptz, ends_at timestamptz)
language sql stable
set search_path = public
as $$
  select m.preseller_id, m.starts_at, m.ends_at from meetings m
  where m.status = 'scheduled' and m.starts_at < p_to and m.ends_at > p_from
  union all
  select t.preseller_id, t.starts_at, t.ends_at from preseller_time_off t
  where t.starts_at < p_to and t.ends_at > p_from
  union all
  select b.preseller_id, b.starts_at, b.ends_at from calendar_busy b
  where b.starts_at < p_to and b.ends_at > p_from;
$$;

-- Working-hour ranges of the active consultants ('HH:MM' strings).
create or replace function public.list_working_hours()
returns table (preseller_id uuid, weekday integer, starts_at text, ends_at text)
language sql stable
set search_path = public
as $$
  select h.preseller_id, h.weekday::integer, to_char(h.starts_at, 'HH24:MI'), to_char(h.ends_at, 'HH24:MI')
  from preseller_hours h join presellers p on p.id = h.preseller_id
  where p.active
  order by h.preseller_id, h.weekday, h.starts_at;
$$;

-- Feeds of active consultants never attempted, or last attempted before p_stale_before.
create or replace function public.calendar_feeds_due(p_stale_before timestamptz)
returns table (preseller_id uuid, url text)
language sql stable
set search_path = public
as $$
  select f.preseller_id, f.url from calendar_feeds f join presellers p on p.id = f.preseller_id
  where p.active and (f.attempted_at is null or f.attempted_at < p_stale_before);
$$;

-- Replaces a feed's blocks after a successful fetch, unless its URL changed meanwhile.
create or replace function public.save_calendar_blocks(p_preseller_id uuid, p_url text, p_blocks jsonb, p_at timestamptz)
returns void
language plpgsql
set search_path = public
as $$
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
$$;

-- A failed fetch keeps the last blocks and records why (a code, never the URL or a message).
create or replace function public.record_calendar_failure(p_preseller_id uuid, p_url text, p_code text, p_at timestamptz)
returns void
language sql
set search_path = public
as $$
  update calendar_feeds set status = 'error', error_code = p_code, attempted_at = p_at
  where preseller_id = p_preseller_id and url = p_url;
$$;

-- The consultant's scheduled meetings with their leads, by agenda token hash; null for an unknown hash.
create or replace function public.agenda_meetings(p_token_hash text)
returns jsonb
language sql stable
set search_path = public
as $$
  select case when p.id is null then null else jsonb_build_object(
    'name', p.name,
    'meetings', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', m.id, 'starts_at', m.starts_at, 'ends_at', m.ends_at, 'service', m.service,
        'lead_name', l.nome, 'company', l.empresa, 'phone', l.telefone, 'email', l.email
      ) order by m.starts_at)
      from meetings m join leads l on l.id = m.lead_id
      where m.preseller_id = p.id and m.status = 'scheduled'), '[]'::jsonb)
  ) end
  from (select null) x left join presellers p on p.agenda_token_hash = p_token_hash and p.active;
$$;

-- The mentor's commands (npm run consultants). Returns {"status": ...} and, for 'list', the rows.
-- Unknown consultant → {"status": "unknown_consultant"} and nothing changes.
create or replace function public.consultant_admin(p_action text, p jsonb)
returns jsonb
language plpgsql
set search_path = public
as $$
declare
  v_id uuid;
begin
  if p_action = 'list' then
    return jsonb_build_object('status', 'ok', 'consultants', coalesce((
      select jsonb_agg(jsonb_build_object(
        'name', c.name, 'email', c.email, 'active', c.active,
        'hours', coalesce((select jsonb_agg(jsonb_build_object('weekday', h.weekday,
            'start', to_char(h.starts_at, 'HH24:MI'), 'end', to_char(h.ends_at, 'HH24:MI')) order by h.weekday, h.starts_at)
          from preseller_hours h where h.preseller_id = c.id), '[]'::jsonb),
        'feed', (select jsonb_build_object('status', f.status, 'error_code', f.error_code, 'synced_at', f.synced_at)
          from calendar_feeds f where f.preseller_id = c.id),
        'agenda_link', c.agenda_token_hash is not null
      ) order by c.name)
      from presellers c), '[]'::jsonb));
  end if;

  if p_action = 'add' then
    if exists (select 1 from presellers where lower(email) = lower(p->>'email')) then
      return jsonb_build_object('status', 'exists');
    end if;
    insert into presellers (name, email) values (p->>'name', p->>'email');
    return jsonb_build_object('status', 'ok');
  end if;

  select id into v_id from presellers where lower(email) = lower(p->>'email');
  if v_id is null then
    return jsonb_build_object('status', 'unknown_consultant');
  end if;

  if p_action = 'deactivate' then
    update presellers set active = false where id = v_id;
  elsif p_action = 'hours' then
    delete from preseller_hours where preseller_id = v_id;
    insert into preseller_hours (preseller_id, weekday, starts_at, ends_at)
    select v_id, (r->>'weekday')::smallint, (r->>'start')::time, (r->>'end')::time
    from jsonb_array_elements(p->'hours') r;
  elsif p_action = 'off' then
    insert into preseller_time_off (preseller_id, starts_at, ends_at, reason)
    values (v_id, (p->>'from')::timestamptz, (p->>'to')::timestamptz, nullif(p->>'reason', ''));
  elsif p_action = 'feed' then
    if p->>'url' is null then
      delete from calendar_feeds where preseller_id = v_id;
    else
      insert into calendar_feeds (preseller_id, url) values (v_id, p->>'url')
      on conflict (preseller_id) do update set url = excluded.url, status = 'pending', error_code = null,
        synced_at = null, attempted_at = null;
      delete from calendar_busy where preseller_id = v_id;
    end if;
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

revoke all on function public.list_busy(timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function public.list_working_hours() from public, anon, authenticated;
revoke all on function public.calendar_feeds_due(timestamptz) from public, anon, authenticated;
revoke all on function public.save_calendar_blocks(uuid, text, jsonb, timestamptz) from public, anon, authenticated;
revoke all on function public.record_calendar_failure(uuid, text, text, timestamptz) from public, anon, authenticated;
revoke all on function public.agenda_meetings(text) from public, anon, authenticated;
revoke all on function public.consultant_admin(text, jsonb) from public, anon, authenticated;
grant execute on function public.list_busy(timestamptz, timestamptz) to service_role;
grant execute on function public.list_working_hours() to service_role;
grant execute on function public.calendar_feeds_due(timestamptz) to service_role;
grant execute on function public.save_calendar_blocks(uuid, text, jsonb, timestamptz) to service_role;
grant execute on function public.record_calendar_failure(uuid, text, text, timestamptz) to service_role;
grant execute on function public.agenda_meetings(text) to service_role;
grant execute on function public.consultant_admin(text, jsonb) to service_role;
