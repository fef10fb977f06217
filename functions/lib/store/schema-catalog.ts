// The database's code objects as files, the layout of Supabase's declarative schemas: one file per
// function, view, trigger and policy of the public schema, under supabase/schemas/. Read from a database
// migrated from scratch (the embedded PGlite: no server, no Docker), so the files are what the migrations
// make today, and a reader finds `book_meeting` in one place instead of the newest of five migrations.
//
// Tables, indexes and grants on tables stay in their migrations: the catalog holds what gets redefined.
// The Supabase CLI's `supabase db diff` does the same from these files but needs Docker, which these
// machines lack; scripts/ops/schemas.mjs writes the next migration from the difference instead
// (migrationFor below), and tests/integration/schemas.test.ts fails when files and migrations disagree.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlClient } from './client';

export const SCHEMA_KINDS = ['functions', 'views', 'triggers', 'policies'] as const;

/** The files under supabase/schemas/ as a catalog (a missing folder is an empty kind). */
export async function readSchemaFiles(schemasDir: string): Promise<Catalog> {
  const catalog: Catalog = new Map();
  for (const kind of SCHEMA_KINDS) {
    const names = await readdir(join(schemasDir, kind)).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.sql')).sort()) catalog.set(`${kind}/${name}`, await readFile(join(schemasDir, kind, name), 'utf8'));
  }
  return catalog;
}

/** Path under supabase/schemas/ → the SQL that defines the object (one statement per line group). */
export type Catalog = Map<string, string>;

type FunctionRow = { name: string; args: string; def: string; acl: string[] | null; defaultAcl: boolean };
type TriggerRow = { name: string; tbl: string; def: string };
type ViewRow = { name: string; def: string; options: string[] | null };
type PolicyRow = { tbl: string; name: string; permissive: string; roles: string[]; cmd: string; qual: string | null; check: string | null };

// Objects an extension owns (btree_gist, pg_trgm) are the extension's, not ours.
const NOT_EXTENSION = `not exists (select 1 from pg_depend d where d.objid = {oid} and d.deptype = 'e')`;

const ident = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`);

export async function readCatalog(client: SqlClient): Promise<Catalog> {
  const catalog: Catalog = new Map();
  const functions = await client.query<FunctionRow>(`
    select p.proname as name, pg_get_function_identity_arguments(p.oid) as args, pg_get_functiondef(p.oid) as def,
      (select array_agg(case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee) end order by 1)
         from aclexplode(p.proacl) a where a.grantee <> p.proowner) as acl,
      p.proacl is null as "defaultAcl"
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prokind in ('f', 'p') and ${NOT_EXTENSION.replace('{oid}', 'p.oid')}
    order by p.proname, 2`);
  for (const f of functions) {
    const signature = `public.${ident(f.name)}(${f.args})`;
    // Privileges as the migrations leave them: PostgreSQL's default (anyone may execute) unless revoked.
    const grantees = f.acl ?? [];
    const privileges = f.defaultAcl
      ? ''
      : [`revoke all on function ${signature} from public;`, ...grantees.map((g) => `grant execute on function ${signature} to ${g === 'public' ? 'public' : ident(g)};`)].join('\n');
    const path = `functions/${f.name}.sql`;
    // One file per name: an overload would need its own file name (none exists; say so loudly if one comes).
    if (catalog.has(path)) throw new Error(`two functions named ${f.name}: give the overload its own schema file name`);
    // The first line names the function as `drop function` needs it (without defaults).
    catalog.set(path, `-- ${signature}\n${f.def.trim()};\n${privileges ? `${privileges}\n` : ''}`);
  }
  const triggers = await client.query<TriggerRow>(`
    select t.tgname as name, c.relname as tbl, pg_get_triggerdef(t.oid) as def
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal and ${NOT_EXTENSION.replace('{oid}', 't.oid')}
    order by 2, 1`);
  for (const t of triggers) catalog.set(`triggers/${t.tbl}.${t.name}.sql`, `${t.def.trim()};\n`);
  const views = await client.query<ViewRow>(`
    select c.relname as name, pg_get_viewdef(c.oid, true) as def, c.reloptions as options
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'v' and ${NOT_EXTENSION.replace('{oid}', 'c.oid')}
    order by 1`);
  for (const v of views) {
    const options = v.options?.length ? ` with (${v.options.join(', ')})` : '';
    catalog.set(`views/${v.name}.sql`, `create or replace view public.${ident(v.name)}${options} as\n${v.def.trim().replace(/;$/, '')};\n`);
  }
  const policies = await client.query<PolicyRow>(`
    select tablename as tbl, policyname as name, permissive, roles::text[] as roles, cmd, qual, with_check as check
    from pg_policies where schemaname = 'public' order by 1, 2`);
  for (const p of policies) {
    const roles = p.roles.map((r) => (r === 'public' ? 'public' : ident(r))).join(', ');
    const using = p.qual === null ? '' : `\n  using (${p.qual})`;
    const check = p.check === null ? '' : `\n  with check (${p.check})`;
    catalog.set(`policies/${p.tbl}.${p.name}.sql`,
      `create policy ${ident(p.name)} on public.${ident(p.tbl)} as ${p.permissive.toLowerCase()} for ${p.cmd.toLowerCase()} to ${roles}${using}${check};\n`);
  }
  return catalog;
}

/** Where two catalogs differ: paths only in `wanted`, only in `actual`, and in both with other text. */
export function compareCatalogs(wanted: Catalog, actual: Catalog) {
  const added = [...wanted.keys()].filter((k) => !actual.has(k)).sort();
  const removed = [...actual.keys()].filter((k) => !wanted.has(k)).sort();
  const changed = [...wanted.keys()].filter((k) => actual.has(k) && normalise(actual.get(k)!) !== normalise(wanted.get(k)!)).sort();
  return { added, removed, changed, same: !added.length && !removed.length && !changed.length };
}

const normalise = (sql: string) => sql.replace(/(?<![ \t])[ \t]+$/gm, '').trim();

/**
 * The migration that turns a database whose catalog is `actual` into one whose catalog is `wanted` (the
 * edited files): functions and views are replaced in place, triggers and policies dropped and created,
 * objects whose file is gone are dropped. Functions go first (triggers call them). A function whose
 * result type changes cannot be replaced in place: write that migration by hand (`drop function` first).
 */
export function migrationFor(wanted: Catalog, actual: Catalog): string {
  const { added, removed, changed } = compareCatalogs(wanted, actual);
  const kind = (path: string) => path.split('/')[0] as (typeof SCHEMA_KINDS)[number];
  const byKind = (paths: string[]) => [...paths].sort((a, b) => SCHEMA_KINDS.indexOf(kind(a)) - SCHEMA_KINDS.indexOf(kind(b)) || a.localeCompare(b));
  const out: string[] = [];
  // Drops first, in reverse dependency order (policies and triggers before the functions they use).
  for (const path of byKind(removed).reverse()) out.push(dropOf(path, actual.get(path)!));
  for (const path of byKind([...added, ...changed])) {
    const sql = wanted.get(path)!.trim();
    if (changed.includes(path) && (kind(path) === 'triggers' || kind(path) === 'policies')) out.push(dropOf(path, actual.get(path)!));
    out.push(sql);
  }
  return out.length ? `${out.join('\n\n')}\n` : '';
}

/** The drop statement for an object, from its path and its current definition. */
function dropOf(path: string, sql: string): string {
  const [kind, file] = path.split('/');
  const base = file.replace(/\.sql$/, '');
  if (kind === 'functions') {
    const signature = /^-- (public\..+)$/m.exec(sql)?.[1];
    return `drop function if exists ${signature ?? `public.${ident(base)}`};`;
  }
  if (kind === 'views') return `drop view if exists public.${ident(base)};`;
  const dot = base.indexOf('.');
  const [table, name] = [base.slice(0, dot), base.slice(dot + 1)];
  return kind === 'triggers' ? `drop trigger if exists ${ident(name)} on public.${ident(table)};` : `drop policy if exists ${ident(name)} on public.${ident(table)};`;
}
