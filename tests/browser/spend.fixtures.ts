// The platforms' ad-spend exports (tests/fixtures/spend/) as the browser tests upload them: the file itself,
// or a copy moved to other days and campaign names for a test that needs its spend on this year's days and
// apart from every other file's on the shared site.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

/** The path of a fixture export, e.g. 'meta-pt-BR.csv'. */
export const spendFixture = (name: string) => fileURLToPath(new URL(`../fixtures/spend/${name}`, import.meta.url));

/**
 * A fixture export (UTF-8) rewritten as the platform would have written it for other days and campaigns:
 * every `days` key (a day as the file writes it, YYYY-MM-DD; one file may lack some) becomes its value,
 * every `campaigns` key (a campaign name) its value; the rest byte for byte. Its bytes are not the
 * fixture's, so the import's "same file" check takes it as a new export even where a test before this one
 * imported the fixture. Throws when a campaign is not in the file: the fixture changed under the test.
 */
export async function rewrittenSpendExport(name: string, changes: { days: Record<string, string>; campaigns: Record<string, string> }) {
  let text = await readFile(spendFixture(name), 'utf8');
  for (const [from, to] of Object.entries(changes.campaigns)) {
    if (!text.includes(from)) throw new Error(`${name} has no campaign "${from}"`);
    text = text.replaceAll(from, to);
  }
  for (const [from, to] of Object.entries(changes.days)) text = text.replaceAll(from, to);
  return { name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') };
}

type Db = { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> };

/**
 * For a file that imports spend or maps campaigns on its worker's site: afterAll undoes and removes every
 * import and mapping the file made, so the next file finds the imports and mappings it found (painel-spend
 * starts from "Nenhuma importação ainda."). Call once at the top of the file, after painelHarness.
 */
export function keepSpendAsFound(db: () => Db, actor: string) {
  let imports: string[] | undefined;
  let mappings: string[] = [];
  beforeAll(async () => {
    imports = (await db().query<{ id: string }>('select id from spend_imports')).rows.map((r) => r.id);
    mappings = (await db().query<{ key: string }>(`select platform || ':' || campaign as key from campaign_map`)).rows.map((r) => r.key);
  });
  afterAll(async () => {
    if (!imports) return;
    const { rows } = await db().query<{ id: string }>('select id from spend_imports where id <> all($1::uuid[])', [imports]);
    // Undone as the painel undoes one (the days go back to what earlier imports said), then gone.
    for (const { id } of rows) await db().query(`select spend_undo(jsonb_build_object('id', $1::text, 'actor', $2::text, 'now', now()))`, [id, actor]);
    await db().query('delete from spend_imports where id = any($1::uuid[])', [rows.map((r) => r.id)]);
    await db().query(`delete from campaign_map where platform || ':' || campaign <> all($1::text[])`, [mappings]);
  });
}
