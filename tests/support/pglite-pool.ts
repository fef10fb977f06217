// One embedded database per worker, reset between the apps that use it instead of loaded again.
// Loading the template's dump costs 1.6–2.4 CPU-s per open; putting an open one back as the template left it
// (every table emptied and refilled from the copy taken at its first open, every sequence set back) costs a
// few tenths. In the `warm` project (vitest.config.ts) one worker runs many files with the same modules, so
// this module's idle database is handed from file to file. pglite-reset.test.ts proves a reset database equal,
// catalog and rows, to a fresh load of the template.
import type { PGlite } from '@electric-sql/pglite';
import { loadPglite, migrate, pgliteExtensions } from '../../functions/lib/store/pglite';

/** Schemas the database's own catalog keeps (never part of the template's data). */
const SYSTEM_SCHEMAS = `('pg_catalog', 'information_schema', 'pg_toast')`;
const USER_NS = (n: string) => `${n}.nspname not in ${SYSTEM_SCHEMAS} and ${n}.nspname not like 'pg_temp%' and ${n}.nspname not like 'pg_toast_temp%'`;

/** What the template holds, read once from a fresh load: each table's rows (PGlite's COPY format) and each sequence's state. */
type Snapshot = { catalog: string; tables: { name: string; rows: Blob | null }[]; sequences: { name: string; value: string; called: boolean }[] };

const quoted = (schema: string, name: string) => `"${schema.replace(/"/g, '""')}"."${name.replace(/"/g, '""')}"`;

async function userTables(db: PGlite): Promise<string[]> {
  const { rows } = await db.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and ${USER_NS('n')}
     order by 1, 2`);
  return rows.map((r) => quoted(r.schema, r.name));
}

async function userSequences(db: PGlite): Promise<string[]> {
  const { rows } = await db.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname not in ${SYSTEM_SCHEMAS} order by 1, 2`);
  return rows.map((r) => quoted(r.schema, r.name));
}

/**
 * The database's schema as text: every object a test could add, drop or change (relations and their columns,
 * defaults, constraints, indexes, triggers and whether they fire, functions' bodies and settings, policies,
 * grants, roles, extensions, database-level settings). Rows are not in it: see `databaseImage`.
 */
export async function catalogImage(db: PGlite): Promise<string> {
  const parts = await Promise.all([
    `select concat_ws(' ', n.nspname, n.nspacl) from pg_namespace n where ${USER_NS('n')} or n.nspname = 'public' order by 1`,
    `select concat_ws(' ', n.nspname || '.' || c.relname, c.relkind, c.relrowsecurity, c.relforcerowsecurity, c.relacl, c.reloptions)
       from pg_class c join pg_namespace n on n.oid = c.relnamespace where ${USER_NS('n')} order by 1`,
    `select concat_ws(' ', c.oid::regclass, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid), a.attacl)
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
       where a.attnum > 0 and not a.attisdropped and ${USER_NS('n')} order by 1`,
    `select concat_ws(' ', x.conrelid::regclass, x.conname, pg_get_constraintdef(x.oid)) from pg_constraint x join pg_namespace n on n.oid = x.connamespace where ${USER_NS('n')} order by 1`,
    `select pg_get_indexdef(i.indexrelid) from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace where ${USER_NS('n')} order by 1`,
    `select concat_ws(' ', tgrelid::regclass, tgname, tgenabled, pg_get_triggerdef(oid)) from pg_trigger where not tgisinternal order by 1`,
    `select concat_ws(' ', p.oid::regprocedure, md5(coalesce(p.prosrc, '')), p.proconfig, p.proacl, p.prosecdef)
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where ${USER_NS('n')} order by 1`,
    `select concat_ws(' ', polrelid::regclass, polname, polcmd, polpermissive, polroles, pg_get_expr(polqual, polrelid), pg_get_expr(polwithcheck, polrelid)) from pg_policy order by 1`,
    `select concat_ws(' ', rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolbypassrls, rolconfig) from pg_roles order by 1`,
    `select concat_ws(' > ', roleid::regrole, member::regrole) from pg_auth_members order by 1`,
    `select concat_ws(' ', extname, extversion) from pg_extension order by 1`,
    `select concat_ws(' ', setdatabase, setrole, setconfig) from pg_db_role_setting order by 1`,
    `select concat_ws(' ', n.nspname, t.typname, t.typtype, (select string_agg(e.enumlabel, ',' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid))
       from pg_type t join pg_namespace n on n.oid = t.typnamespace where ${USER_NS('n')} order by 1`,
    `select count(*)::text from pg_largeobject_metadata`,
  ].map(async (sql) => (await db.query<Record<string, string>>(sql)).rows.map((r) => Object.values(r)[0]).join('\n')));
  return parts.join('\n--\n');
}

/** The catalog plus every table's rows (sorted, as text) and every sequence's state: what "the same database" means here. */
export async function databaseImage(db: PGlite): Promise<string> {
  const lines = [await catalogImage(db)];
  for (const table of await userTables(db)) {
    const { rows } = await db.query<{ n: number; rows: string | null }>(`select count(*)::int as n, string_agg(t::text, E'\\n' order by t::text) as rows from ${table} t`);
    lines.push(`${table} ${rows[0].n}\n${rows[0].rows ?? ''}`);
  }
  for (const sequence of await userSequences(db)) {
    const { rows } = await db.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${sequence}`);
    lines.push(`${sequence} ${rows[0].last_value} ${rows[0].is_called}`);
  }
  return lines.join('\n');
}

async function takeSnapshot(db: PGlite): Promise<Snapshot> {
  const tables: Snapshot['tables'] = [];
  for (const name of await userTables(db)) {
    const { rows } = await db.query<{ any: boolean }>(`select exists (select from ${name}) as any`);
    tables.push({ name, rows: rows[0].any ? ((await db.query(`copy ${name} to '/dev/blob'`)).blob ?? null) : null });
  }
  const sequences: Snapshot['sequences'] = [];
  for (const name of await userSequences(db)) {
    const { rows } = await db.query<{ value: string; called: boolean }>(`select last_value::text as value, is_called as called from ${name}`);
    sequences.push({ name, ...rows[0] });
  }
  return { catalog: await catalogImage(db), tables, sequences };
}

/**
 * Puts an open database back as the snapshot's template left it. Throws (and the caller discards the database)
 * when its schema changed: a test that altered a table or dropped a trigger gets a fresh one, not a reset one.
 */
export async function resetDatabase(db: PGlite, snapshot: Snapshot): Promise<void> {
  // Session state a fresh load does not have: settings, prepared plans, temporary tables, advisory locks.
  await db.exec('rollback');
  await db.exec('discard all');
  if ((await catalogImage(db)) !== snapshot.catalog) throw new Error('the schema changed: not reusable');
  await db.transaction(async (tx) => {
    await tx.exec(`truncate ${snapshot.tables.map((t) => t.name).join(', ')} restart identity cascade`);
    // The template's rows as they were copied: no trigger fires and no key is checked again (they held).
    await tx.exec(`set local session_replication_role = replica`);
    for (const { name, rows } of snapshot.tables) if (rows) await tx.query(`copy ${name} from '/dev/blob'`, [], { blob: rows });
    for (const { name, value, called } of snapshot.sequences) await tx.query(`select setval($1::regclass, $2::bigint, $3)`, [name, value, called]);
  });
}

let snapshot: Promise<Snapshot> | undefined;
let idle: PGlite | undefined;

/**
 * A database equal to the template: the worker's idle one when there is one (already reset), else a new load of
 * the dump. Give it back with `release` when done; an open one never reaches two users at once.
 */
export async function acquire(dump: () => Promise<Blob>): Promise<PGlite> {
  const ready = idle;
  idle = undefined;
  if (ready) return ready;
  const PGlite = await loadPglite();
  const db = await PGlite.create({ loadDataDir: await dump(), extensions: await pgliteExtensions() });
  await migrate(db);
  // Read from the first database before anyone used it.
  await (snapshot ??= takeSnapshot(db));
  return db;
}

/** Resets the database and keeps it for the next `acquire` (one is kept; a second, or one that cannot be reset, is closed). */
export async function release(db: PGlite): Promise<void> {
  if (db.closed) return;
  if (idle || !snapshot) return db.close();
  try {
    await resetDatabase(db, await snapshot);
  } catch {
    return db.close();
  }
  if (idle) return db.close();
  idle = db;
}

/** For pglite-reset.test.ts: the snapshot this worker resets to. */
export const currentSnapshot = () => snapshot;
