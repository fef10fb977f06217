// "Exports that cannot be cut" (issue "Production-safe…", item 5): Netlify ends a streamed function answer
// at 20 MB with no error, and the leads CSV is ~370 bytes a lead (18.4 MB at 50,000). At 100,000 demo leads
// the file must still arrive whole: gzipped as it streams when the browser accepts gzip, every byte that
// crosses the wire counted against the cap, then unzipped and parsed back, first and last row checked
// against the database. PostgreSQL only: the demo load (scripts/ops/demo-seed.mjs, the bench's) is bulk SQL.
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../../functions/lib/app';
import { SESSION_COOKIE } from '../../../functions/lib/painel/auth';
import { createPainelHandler } from '../../../functions/lib/painel/router';
import { demoSeedSql } from '../../../scripts/ops/demo-seed.mjs';
import { createTestDatabase, type TestDatabase } from '../../support/postgres-db';
import { MENTOR, painelClient, SITE } from '../painel-helpers';
import type { Opened } from '../stores';
import { openPostgresApp } from './support';

const serverUrl = inject('postgresUrl');
const LEADS = 100_000;
/** Netlify's cap on a streamed function answer (bytes as sent, after any Content-Encoding). */
const NETLIFY_STREAM_CAP = 20 * 1024 * 1024;

/**
 * The bench's demo load (scripts/ops/demo-seed.mjs) with the tables' triggers off, then the two rows per
 * lead the console's list reads written in one statement each. With its triggers a load of 50,000 took
 * 97 s here and 100,000 over 5 minutes (a person refreshed per lead, a history row and a follow-up check per
 * meeting, …); their work is tested elsewhere, this file tests the transport. The demo's e-mails are all
 * different, so each lead is its own person, as lead_persons_sync would have written it; the meetings' steps
 * (lead_person_ids.booked) and the latest outcomes are left out: the CSV reads neither.
 */
async function seedDemoFast(sql: postgres.Sql, leads: number) {
  await sql.begin(async (tx) => {
    await tx.unsafe('set local session_replication_role = replica');
    // Indexes built once after the load, as a bulk load does, not row by row during it: the person
    // list's two trigram GIN indexes and the expression index on email_identity() (a function with its own
    // search_path, so called per row) made this seed ~2.5 minutes on a busy machine. Their definitions come
    // from the catalog and the same indexes exist afterwards; the ones a conflict clause needs stay.
    const rebuilt = await tx<{ name: string; def: string }[]>`select indexname as name, indexdef as def from pg_indexes
      where schemaname = 'public' and tablename in ('leads', 'lead_persons', 'lead_person_ids')
        and indexname not in ('leads_pkey', 'leads_idempotency_key_key', 'lead_persons_pkey', 'lead_persons_head_id_key', 'lead_person_ids_pkey')`;
    expect(rebuilt.map((i) => i.name)).toEqual(expect.arrayContaining(['lead_persons_text_idx', 'leads_person_idx']));
    for (const { name } of rebuilt) await tx.unsafe(`drop index public.${name}`);
    await tx.unsafe(demoSeedSql(leads, { policyVersion: 'demo' }));
    await tx.unsafe('insert into lead_person_ids (lead_id, identity) select id, email_identity(email) from leads on conflict (lead_id) do nothing');
    await tx.unsafe(`insert into lead_persons (identity, head_id, head_at, search_text, search_digits)
      select distinct on (email_identity(l.email)) email_identity(l.email), l.id, l.created_at,
        search_fold(l.nome || ' ' || l.email || ' ' || l.empresa), lower(l.cnpj) || ' ' || l.telefone
      from leads l order by email_identity(l.email), l.created_at desc, l.id desc
      on conflict (identity) do nothing`);
    for (const { def } of rebuilt) await tx.unsafe(def);
  });
  await sql.unsafe('analyze');
}

describe.skipIf(!serverUrl)(`painel leads CSV of ${LEADS.toLocaleString('en')} leads`, () => {
  let db: TestDatabase;
  let app: App;
  let sql: postgres.Sql;
  let cookie: string;
  const opened = (): Opened => ({ app, query: async (text, params = []) => (await sql.unsafe(text, params as never[])) as never, close: async () => {} });
  const { signIn } = painelClient(opened);

  beforeAll(async () => {
    db = await createTestDatabase(serverUrl!);
    sql = postgres(db.url, { max: 1, onnotice: () => {} });
    await seedDemoFast(sql, LEADS);
    app = await openPostgresApp(db.url);
    cookie = await signIn(MENTOR);
  }, 600_000);
  afterAll(async () => {
    await app?.outbox.idle();
    await app?.store.close();
    await sql?.end({ timeout: 5 });
    await db?.drop();
  });

  /** The export as a browser asks for it; the bytes as they came (the answer's own encoding). */
  async function download(acceptEncoding: string | null) {
    const handler = createPainelHandler(async () => app);
    const headers: Record<string, string> = { cookie: `${SESSION_COOKIE}=${cookie}` };
    if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
    const res = await handler(new Request(`${SITE}/api/painel/exportar/leads`, { headers }), { ip: '203.0.113.7' });
    expect(res.status).toBe(200);
    // Read chunk by chunk, as the CDN relays it: the wire stops at the cap, as Netlify's would.
    let sent = 0;
    const chunks: Uint8Array[] = [];
    for await (const chunk of res.body!) {
      sent += chunk.byteLength;
      if (sent > NETLIFY_STREAM_CAP) throw new Error(`cut at Netlify's 20 MB: ${sent} bytes sent and still streaming`);
      chunks.push(chunk);
    }
    return { res, body: Buffer.concat(chunks), sent };
  }

  it('arrives whole under the 20 MB cap gzipped, and parses back to every lead, first and last as stored', async () => {
    const { res, body, sent } = await download('gzip, deflate, br, zstd');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const csv = gunzipSync(body);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(csv.subarray(3).toString('utf8'), { delimiter: ';', record_delimiter: '\r\n' }) as string[][];
    const [header, ...leads] = rows;
    expect(header[0]).toBe('ID do lead');
    expect(leads).toHaveLength(LEADS);
    expect(new Set(leads.map((r) => r[0])).size).toBe(LEADS);
    // Newest first, as the list: the first row is the newest person's lead, the last the oldest's.
    const [[newest], [oldest]] = await Promise.all([
      sql`select p.head_id as id, l.email from lead_persons p join leads l on l.id = p.head_id order by p.head_at desc, p.head_id desc limit 1`,
      sql`select p.head_id as id, l.email from lead_persons p join leads l on l.id = p.head_id order by p.head_at, p.head_id limit 1`,
    ]);
    const email = header.indexOf('E-mail');
    expect([leads[0][0], leads[0][email]]).toEqual([newest.id, newest.email]);
    expect([leads.at(-1)![0], leads.at(-1)![email]]).toEqual([oldest.id, oldest.email]);
    // Every deal on exactly one row, with its person, across pages of thousands (person_deal_summaries'
    // many-persons branch): the columns add up to the table.
    const [deals] = await sql`select count(*)::int as n, count(distinct pl.identity)::int as persons,
      coalesce(sum(deal_total_cents(d.billing, d.value_cents, d.months)) filter (where d.stage = 'ganho'), 0)::text as won
      from deals d join lead_person_ids pl on pl.lead_id = d.lead_id`;
    expect(deals.n).toBeGreaterThan(100);
    const count = header.indexOf('Negociações');
    const wonCol = header.indexOf('Receita ganha');
    const cents = (brl: string) => (brl ? Number(brl.replace(/[^\d]/g, '')) : 0);
    expect(leads.reduce((sum, r) => sum + Number(r[count]), 0)).toBe(deals.n);
    expect(leads.filter((r) => r[count] !== '0')).toHaveLength(deals.persons);
    expect(leads.reduce((sum, r) => sum + cents(r[wonCol]), 0)).toBe(Number(deals.won));
    // The sizes docs/operations.md states (bytes a lead, raw and as sent).
    console.info(`[csv] ${LEADS} leads: ${csv.length} bytes raw (${(csv.length / LEADS).toFixed(0)}/lead), ${sent} gzipped (${(sent / LEADS).toFixed(1)}/lead)`);
    expect(sent).toBeLessThan(csv.length / 4);
  }, 300_000);

  it('is plain CSV for a client that does not accept gzip (q=0 counts as not), and then too big for one answer', async () => {
    await expect(download('gzip;q=0, identity')).rejects.toThrow(/cut at Netlify's 20 MB/);
  }, 300_000);
});
