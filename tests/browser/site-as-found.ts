// Setup file of the browser project: every file must leave its worker's site as it found it. A worker runs
// its files one after another on one site, in an order that changes from run to run (two workers split the
// files differently every time), so a file that switches a consultant off, saves routing rules or points a
// calendar feed somewhere changes what the next file books against. This snapshots the site-wide settings
// of the worker's database before each file and fails the file whose end differs, naming the table and the
// rows; it then puts the snapshot back, so one leak fails one file, not every file after it.
import { afterAll, beforeAll, expect } from 'vitest';
import postgres from 'postgres';
import { routingRules } from '../../functions/lib/routing-rules';
import { site } from './site';

/**
 * Site-wide settings, each read as the rows that decide behaviour, without the columns that only record
 * when or by whom (a restored setting gets a new updated_at, which changes nothing a visitor sees).
 */
const OF = 'where preseller_id = any($1::uuid[]) or preseller_id in (select id from presellers where active)';
const SETTINGS = {
  // Every column but created_at: hours, caps and weight decide who gets a booking. A consultant a file added
  // and switched off again is left out (meetings may point at them; an inactive one is offered to no one).
  presellers: `select id, name, email, active, room_url, agenda_token_hash, weight, cap_day, cap_week from presellers
    where active or id = any($1::uuid[]) order by id`,
  // The same consultants' hours, time off and calendars.
  preseller_hours: `select preseller_id, weekday, starts_at, ends_at from preseller_hours ${OF} order by 1, 2, 3`,
  preseller_time_off: `select preseller_id, starts_at, ends_at, reason from preseller_time_off ${OF} order by 1, 2, 3`,
  calendar_feeds: `select preseller_id, url from calendar_feeds ${OF} order by 1`,
  // No row yet means the content's rules (the site seeds them on its first read): read() says so.
  routing_rule_set: 'select rules from routing_rule_set',
  routing_settings: 'select count_window, equal_ahead from routing_settings',
  measurement_settings: 'select basis, wording_version from measurement_settings',
  integration_targets: 'select target, enabled, paused_at is not null as paused from integration_targets order by 1',
  // The imports in force and the mappings: the painel lists and sums them all (painel-spend starts from none).
  spend_imports: 'select id from spend_imports where undone_at is null order by 1',
  campaign_map: 'select platform, campaign, utm_campaign from campaign_map order by 1, 2',
} as const;

type Table = keyof typeof SETTINGS;
type Snapshot = Record<Table, Record<string, unknown>[]>;

/** Whole rows, to put back what a file left changed (read with the same connection's types). */
const WHOLE = (table: Table) => `select * from ${table}`;

const sql = postgres(site.databaseUrl, { max: 1, onnotice: () => {} });
let found: Snapshot;
/** Every consultant at the start, active or not. */
let foundIds: string[] = [];
let rows: Record<Table, Record<string, unknown>[]>;

/** JSON with object keys sorted: jsonb hands keys back in its own order, not the one they were saved in. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value) ? value.map(canonical)
    : value && typeof value === 'object' && !(value instanceof Date)
      ? Object.fromEntries(Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]))
      : value;

async function read(): Promise<Snapshot> {
  const entries = await Promise.all(
    (Object.keys(SETTINGS) as Table[]).map(async (table) => [table, canonical(JSON.parse(JSON.stringify(await sql.unsafe(SETTINGS[table], SETTINGS[table].includes('$1') ? [foundIds] : []))))] as const),
  );
  const snapshot = Object.fromEntries(entries) as Snapshot;
  if (snapshot.routing_rule_set.length === 0) snapshot.routing_rule_set = [canonical({ rules: await routingRules({}) }) as Record<string, unknown>];
  return snapshot;
}

/**
 * Puts every changed table back as it was, in one transaction, parents before children. Whatever else the file made (leads, meetings)
 * stays: those belong to the file's own visitors, and no other file counts them.
 */
async function restore(changed: Table[]): Promise<void> {
  await sql.begin(async (tx) => {
    const order: Table[] = ['routing_rule_set', 'routing_settings', 'measurement_settings', 'integration_targets', 'spend_imports', 'campaign_map', 'presellers', 'preseller_hours', 'preseller_time_off', 'calendar_feeds'];
    for (const table of order.filter((t) => changed.includes(t))) {
      if (table === 'presellers') {
        // Update in place: meetings point at consultants, so the ones found are never deleted and re-made. One
        // the file added and left active goes, or when meetings point at it, is switched off.
        const ids = rows.presellers.map((row) => row.id as string);
        const added = await tx.unsafe<{ id: string }[]>('select id from presellers where active and id <> all($1::uuid[])', [ids]);
        for (const { id } of added) {
          await tx.savepoint((sp) => sp.unsafe('delete from presellers where id = $1', [id])).catch(() => tx.unsafe('update presellers set active = false where id = $1', [id]));
        }
        for (const row of rows.presellers) {
          const { id, ...rest } = row;
          await tx.unsafe(`update presellers set ${Object.keys(rest).map((c, i) => `${c} = $${i + 2}`).join(', ')} where id = $1`, [id, ...Object.values(rest)] as never[]);
        }
        continue;
      }
      if (table === 'spend_imports') {
        // Undone as the painel undoes one: the days go back to what the imports found in force said.
        const live = found.spend_imports.map((row) => row.id as string);
        await tx.unsafe(`select spend_undo(jsonb_build_object('id', id, 'actor', 'site-as-found', 'now', now()))
          from spend_imports where undone_at is null and id <> all($1::uuid[])`, [live]);
        continue;
      }
      // A feed's busy blocks go with it (calendar_busy cascades).
      await tx.unsafe(`delete from ${table}`);
      for (const row of rows[table]) {
        const columns = Object.keys(row);
        await tx.unsafe(`insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`, Object.values(row) as never[]);
      }
    }
  });
}

beforeAll(async () => {
  foundIds = (await sql<{ id: string }[]>`select id from presellers`).map((row) => row.id);
  found = await read();
  rows = Object.fromEntries(
    await Promise.all((Object.keys(SETTINGS) as Table[]).map(async (table) => [table, [...(await sql.unsafe<Record<string, unknown>[]>(WHOLE(table)))]] as const)),
  ) as typeof rows;
});

afterAll(async () => {
  try {
    const now = await read();
    const changed = (Object.keys(SETTINGS) as Table[]).filter((table) => JSON.stringify(now[table]) !== JSON.stringify(found[table]));
    if (changed.length > 0) {
      await restore(changed);
      // Fails this file, with the difference: the file must restore what it changed in its own afterAll.
      expect(Object.fromEntries(changed.map((t) => [t, now[t]])), 'the site as this file found it (site-wide settings)').toEqual(
        Object.fromEntries(changed.map((t) => [t, found[t]])),
      );
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
});
