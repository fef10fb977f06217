// supabase/schemas/ (one file per function, view, trigger and policy) is exactly what the migrations make,
// and the migration `npm run db:schemas -- diff` writes from edited files makes the database match them.
// On the embedded PGlite (the catalog's text is PGlite's PostgreSQL 18 deparse; the migrations themselves
// run on PostgreSQL 15 in postgres/schema.test.ts).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareCatalogs, migrationFor, readCatalog, readSchemaFiles, type Catalog } from '../../functions/lib/store/schema-catalog';
import { pgliteClient } from '../../functions/lib/store/pglite';
import { openTestApp, type TestApp } from './helpers';

const SCHEMAS = join(process.cwd(), 'supabase', 'schemas');

describe('supabase/schemas/', () => {
  let app: TestApp;
  let migrated: Catalog;
  beforeAll(async () => {
    app = await openTestApp();
    migrated = await readCatalog(pgliteClient(app.store.db));
  });
  afterAll(() => app?.close());

  it('holds every function and trigger the migrations make, once, as they make it', async () => {
    const files = await readSchemaFiles(SCHEMAS);
    const diff = compareCatalogs(files, migrated);
    expect(diff, 'edit supabase/schemas/ and run `npm run db:schemas -- diff <nome>` (or `-- write` after a hand-written migration)').toEqual({
      added: [], removed: [], changed: [], same: true,
    });
    expect(files.size).toBeGreaterThan(80);
    expect([...files.keys()].filter((p) => p.startsWith('triggers/')).length).toBeGreaterThan(5);
  });

  it('the generated migration turns the database into the edited files: a changed body, a changed trigger, a new view and policy, a removed pair', async () => {
    const wanted = new Map(migrated);
    const identity = wanted.get('functions/email_identity.sql')!;
    // A different body with the same result: the text is what changes (the body is stored verbatim).
    const edited = identity.replace(/\$function\$\n/, '$function$\n-- edited through supabase/schemas/\n');
    expect(edited).not.toBe(identity);
    wanted.set('functions/email_identity.sql', edited);
    const history = wanted.get('triggers/meetings.meeting_history.sql')!;
    wanted.set('triggers/meetings.meeting_history.sql', history.replace('AFTER INSERT OR UPDATE ON', 'AFTER UPDATE ON'));
    wanted.delete('triggers/meetings.lead_followup_booked.sql');
    wanted.delete('functions/lead_followup_booked.sql');
    wanted.set('views/schema_probe.sql', 'create or replace view public.schema_probe as\n SELECT 1 AS one;\n');
    wanted.set('policies/leads.schema_probe.sql', 'create policy schema_probe on public.leads as permissive for select to service_role\n  using (true);\n');

    const sql = migrationFor(wanted, migrated);
    // Triggers go before the functions they call; a changed trigger is dropped and made again.
    expect(sql.indexOf('drop trigger if exists lead_followup_booked on public.meetings')).toBeGreaterThanOrEqual(0);
    expect(sql.indexOf('drop trigger if exists lead_followup_booked')).toBeLessThan(sql.indexOf('drop function if exists public.lead_followup_booked()'));
    expect(sql).toContain('drop trigger if exists meeting_history on public.meetings;');

    const scratch = await openTestApp();
    try {
      await pgliteClient(scratch.store.db).exec(sql);
      const after = await readCatalog(pgliteClient(scratch.store.db));
      const diff = compareCatalogs(wanted, after);
      expect(diff.added).toEqual([]);
      expect(diff.removed).toEqual([]);
      // The function and the trigger read back as written; the view and policy in PostgreSQL's own layout.
      expect(diff.changed.filter((p) => !p.startsWith('views/') && !p.startsWith('policies/'))).toEqual([]);
      expect(after.get('views/schema_probe.sql')).toMatch(/select 1 as one/i);
      expect(after.get('policies/leads.schema_probe.sql')).toMatch(/for select to service_role\s+using \(true\)/);
      // Nothing left to do once applied.
      expect(migrationFor(after, after)).toBe('');
    } finally {
      await scratch.close();
    }
  });
});
