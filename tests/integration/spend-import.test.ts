// Gastos com anúncios through the real painel handler on PGlite and PostgreSQL: each fixture export imported
// with its totals; the same file twice changes nothing; a later export of overlapping days replaces them and
// undoing it brings the earlier values back (ad_spend held cell by cell to a query over ad_spend_rows and to
// the values written here by hand); other currencies, other files and oversized bodies refused with nothing
// stored; the consultant kept out; the campaign map set, cleared and refused.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPainelHandler } from '../../functions/lib/painel/router';
import { SESSION_COOKIE } from '../../functions/lib/painel/auth';
import { spendCopy, type CampaignSaved, type SpendImported, type SpendUndone, type SpendView } from '../../src/domain/painel/spend';
import { ANA, MENTOR, painelClient, SITE } from './painel-helpers';
import { storeCases, type Opened } from './stores';

const fixture = (name: string) => readFile(new URL(`../fixtures/spend/${name}`, import.meta.url));
const utf8 = (text: string) => new TextEncoder().encode(text);

type UploadOptions = { cookie: string; name?: string; type?: string; origin?: string; headers?: Record<string, string> };
type Cell = { platform: string; campaign: string; day: string; spend_cents: number; import_id: string };

/** A Google Ads pt-BR export of these rows (campaign, day, "1.234,56"), with its preamble and footer. */
const googleExport = (rows: [string, string, string][]) => [
  'Relatório de campanhas', '1 de novembro de 2026 - 30 de novembro de 2026', 'Campanha,Dia,ID da campanha,Código da moeda,Custo',
  ...rows.map(([campaign, day, cost]) => `${campaign},${day},21234567999,BRL,"${cost}"`), 'Total: conta,--,--,--,"0,00"',
].join('\r\n');

describe.each(storeCases(inject('postgresUrl')))('ad-spend import on $name', (store) => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);
  const handler = createPainelHandler(async () => opened.app);
  let mentor: string;
  let ana: string;

  beforeAll(async () => {
    opened = await store.open();
    [mentor, ana] = [await signIn(MENTOR), await signIn(ANA)];
  });
  afterAll(() => opened.close());

  function upload(body: BodyInit, { cookie, name = 'export.csv', type = 'text/csv', origin = SITE, headers = {} }: UploadOptions) {
    const req = new Request(`${SITE}/api/painel/gastos`, {
      method: 'POST', body, duplex: 'half',
      headers: { cookie: `${SESSION_COOKIE}=${cookie}`, 'content-type': type, origin, 'x-file-name': encodeURIComponent(name), ...headers },
    } as RequestInit);
    return handler(req, { ip: '203.0.113.9' });
  }
  const view = async (cookie = mentor) => (await (await call('GET', '/api/painel/gastos', { cookie })).json()) as SpendView;
  const undo = (id: string, cookie = mentor) => call('POST', `/api/painel/gastos/${id}/desfazer`, { cookie });
  const saveMap = (body: unknown, cookie = mentor) => call('POST', '/api/painel/campanhas', { cookie, body });
  const adSpend = () => opened.query<Cell>(
    `select platform, campaign, day::text as day, spend_cents::int as spend_cents, import_id::text as import_id from ad_spend order by 1, 2, 3`);
  /** What ad_spend must be, from the rows alone: per key, the row of the latest import not undone. */
  const fromRows = () => opened.query<Cell>(
    `select platform, campaign, day, spend_cents, import_id from (
       select r.platform, r.campaign, r.day::text as day, r.spend_cents::int as spend_cents, r.import_id::text as import_id,
         row_number() over (partition by r.platform, r.campaign, r.day order by i.imported_at desc) as n
       from ad_spend_rows r join spend_imports i on i.id = r.import_id where i.undone_at is null) x
     where n = 1 order by 1, 2, 3`);
  const counts = async () => (await opened.query<{ imports: number; rows: number; spend: number; map: number }>(
    `select (select count(*)::int from spend_imports) as imports, (select count(*)::int from ad_spend_rows) as rows,
       (select count(*)::int from ad_spend) as spend, (select count(*)::int from campaign_map) as map`))[0];
  const cellsOf = async (campaign: string) => Object.fromEntries((await adSpend()).filter((c) => c.campaign === campaign).map((c) => [c.day, c.spend_cents]));
  const expectInForce = async () => expect(await adSpend()).toEqual(await fromRows());

  it('imports each fixture export with its platform, rows, period and total', async () => {
    const cases: [string, string, number, string, string, number][] = [
      ['meta-pt-BR.csv', 'meta', 5, '2026-11-03', '2026-11-05', 332_491],
      ['google-pt-BR.csv', 'google', 4, '2026-11-03', '2026-11-04', 226_731],
      ['meta-en-US.csv', 'meta', 3, '2026-11-03', '2026-11-04', 332_446],
      ['google-en-US-utf16.csv', 'google', 3, '2026-11-03', '2026-11-04', 226_731],
    ];
    for (const [file, platform, rowCount, firstDay, lastDay, totalCents] of cases) {
      // The console sends octet-stream (the bytes as they are); text/csv is read the same.
      const res = await upload(await fixture(file), { cookie: mentor, name: file, type: file.includes('utf16') ? 'application/octet-stream' : 'text/csv' });
      expect(res.status, file).toBe(201);
      const body = (await res.json()) as SpendImported;
      expect(body.import, file).toMatchObject({ fileName: file, platform, rowCount, firstDay, lastDay, totalCents, importedBy: MENTOR, undoneAt: null });
      expect(body.message).toMatch(/^Importado: \d linhas, \d\d\/11\/2026 a \d\d\/11\/2026, R\$\s[\d.]+,\d\d$/u);
      const [stored] = await opened.query<{ n: number; total: number }>(
        'select count(*)::int as n, sum(spend_cents)::int as total from ad_spend_rows where import_id = $1', [body.import.id]);
      expect(stored, file).toEqual({ n: rowCount, total: totalCents });
    }
    expect((await upload(await fixture('meta-pt-BR.csv'), { cookie: mentor })).status).toBe(200);
    expect(await cellsOf('Conteúdo – Vídeo depoimento João')).toEqual({ '2026-11-05': 45 });
    // A day the export left blank is a day of no spend, kept (a re-export can set a day back to 0).
    expect(await cellsOf('Remarketing - Visitantes 30d')).toEqual({ '2026-11-03': 8990, '2026-11-04': 0 });
    await expectInForce();
    const listed = (await view()).imports.map((i) => i.fileName);
    expect(listed).toEqual(['google-en-US-utf16.csv', 'meta-en-US.csv', 'google-pt-BR.csv', 'meta-pt-BR.csv']);
  });

  it('answers the same file again as a duplicate, saying when and by whom, and changes nothing', async () => {
    const before = [await counts(), await adSpend()];
    const res = await upload(await fixture('google-pt-BR.csv'), { cookie: mentor, name: 'outro-nome.csv' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SpendImported;
    expect(body.status).toBe('duplicate');
    expect(body.import.fileName).toBe('google-pt-BR.csv');
    expect(body.message).toMatch(new RegExp(`^Este arquivo já foi importado em \\d\\d/\\d\\d/\\d{4} por ${MENTOR}\\. Nada mudou\\.$`, 'u'));
    expect([await counts(), await adSpend()]).toEqual(before);
  });

  it('replaces overlapping days with the later export, and undoing it brings the earlier values back', async () => {
    const first = googleExport([['Sobreposição A', '2026-10-01', '100,00'], ['Sobreposição A', '2026-10-02', '200,00'], ['Sobreposição B', '2026-10-02', '5,00']]);
    const second = googleExport([['Sobreposição A', '2026-10-02', '250,00'], ['Sobreposição A', '2026-10-03', '300,00']]);
    const one = ((await (await upload(utf8(first), { cookie: mentor, name: 'outubro.csv' })).json()) as SpendImported).import;
    const res = await upload(utf8(second), { cookie: mentor, name: 'outubro-de-novo.csv' });
    expect(res.status).toBe(201);
    const two = ((await res.json()) as SpendImported).import;
    expect(await cellsOf('Sobreposição A')).toEqual({ '2026-10-01': 10_000, '2026-10-02': 25_000, '2026-10-03': 30_000 });
    expect(await cellsOf('Sobreposição B')).toEqual({ '2026-10-02': 500 });
    await expectInForce();

    const undone = await undo(two.id);
    expect(undone.status).toBe(200);
    const answer = (await undone.json()) as SpendUndone;
    expect(answer).toMatchObject({ status: 'undone', import: { id: two.id, undoneBy: MENTOR } });
    expect(await cellsOf('Sobreposição A')).toEqual({ '2026-10-01': 10_000, '2026-10-02': 20_000 });
    await expectInForce();
    // Twice: a clear answer, nothing changed.
    const before = [await counts(), await adSpend()];
    const again = await undo(two.id);
    expect(again.status).toBe(200);
    expect((await again.json()) as SpendUndone).toMatchObject({ status: 'already_undone', message: expect.stringMatching(/^Esta importação já tinha sido desfeita em/u) });
    expect([await counts(), await adSpend()]).toEqual(before);
    expect((await view()).imports.find((i) => i.id === two.id)).toMatchObject({ undoneBy: MENTOR, undoneAt: expect.any(String) });

    // The undone file may come in again; then undoing the first leaves the second's days and drops the first's own.
    expect((await upload(utf8(second), { cookie: mentor })).status).toBe(201);
    expect((await undo(one.id)).status).toBe(200);
    expect(await cellsOf('Sobreposição A')).toEqual({ '2026-10-02': 25_000, '2026-10-03': 30_000 });
    expect(await cellsOf('Sobreposição B')).toEqual({});
    await expectInForce();
    expect((await undo(crypto.randomUUID())).status).toBe(404);
  });

  it('refuses other currencies, other files, a wrong content type and an empty body in pt-BR, storing nothing', async () => {
    const before = [await counts(), await adSpend()];
    const refusal = async (res: Response, status = 400) => {
      expect(res.status).toBe(status);
      return (await res.json()) as { error: string; line?: number };
    };
    expect((await refusal(await upload(await fixture('meta-usd.csv'), { cookie: mentor }))).error).toMatch(/dólar americano \(USD\)\. Só importamos gastos em reais \(BRL\)/u);
    const mixed = await refusal(await upload(await fixture('google-mixed-currency.csv'), { cookie: mentor }));
    expect(mixed).toEqual({ error: expect.stringMatching(/^O arquivo mistura moedas \(BRL, USD/u), line: 6 });
    const other = await refusal(await upload(await fixture('not-an-export.csv'), { cookie: mentor }));
    for (const column of ['"Nome da campanha"', '"Dia"', '"Valor usado (BRL)"', '"Campanha"', '"Custo"', '"Código da moeda"']) expect(other.error).toContain(column);
    const badRow = await refusal(await upload(utf8(googleExport([['X', '2026-11-03', '12,345']])), { cookie: mentor }));
    expect(badRow).toEqual({ error: expect.stringContaining('linha 4'), line: 4 });
    expect((await refusal(await upload(await fixture('meta-pt-BR.csv'), { cookie: mentor, type: 'application/json' }), 415)).error).toBe(spendCopy.wrongType);
    expect((await refusal(await upload(new Uint8Array(0), { cookie: mentor }))).error).toBe(spendCopy.emptyFile);
    // From another site: the router's same-origin check, before the file is looked at.
    expect((await upload(await fixture('formula-name.csv'), { cookie: mentor, origin: 'https://evil.example' })).status).toBe(403);
    expect([await counts(), await adSpend()]).toEqual(before);
  });

  it('adds up two same-named campaigns of one day (one name to the map), refusing a sum past the daily bound and a cut body', async () => {
    const header = 'Relatório de campanhas\r\nnovembro de 2026\r\nCampanha,Dia,ID da campanha,Código da moeda,Custo\r\n';
    const twins = `${header}Gêmeas,2026-09-01,1001,BRL,"10,00"\r\nGêmeas,2026-09-01,1002,BRL,"2,50"\r\nGêmeas,2026-09-02,1001,BRL,"1,00"\r\n`;
    const res = await upload(utf8(twins), { cookie: mentor });
    expect(res.status).toBe(201);
    expect(((await res.json()) as SpendImported).import).toMatchObject({ rowCount: 2, totalCents: 1350 });
    expect(await cellsOf('Gêmeas')).toEqual({ '2026-09-01': 1250, '2026-09-02': 100 });

    const before = [await counts(), await adSpend()];
    const huge = `${header}Enorme,2026-09-01,1001,BRL,"6.000.000,00"\r\nEnorme,2026-09-01,1002,BRL,"6.000.000,00"\r\n`;
    const over = await upload(utf8(huge), { cookie: mentor });
    expect(over.status).toBe(400);
    expect((await over.json()).error).toBe(spendCopy.mergedTooLarge('Enorme', '2026-09-01'));
    // A host that cut the body (npm start's, past its limit) leaves the declared length behind: refused, not read short.
    const cut = await upload(utf8(twins), { cookie: mentor, headers: { 'content-length': String(twins.length + 1000) } });
    expect(cut.status).toBe(400);
    expect((await cut.json()).error).toBe(spendCopy.incomplete);
    expect([await counts(), await adSpend()]).toEqual(before);
  });

  it('answers 413 to a 50 MB body without reading it all, declared or streamed', async () => {
    const MB = 1024 * 1024;
    let pulled = 0;
    const stream = () => {
      pulled = 0;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= 50 * MB) return controller.close();
          pulled += 64 * 1024;
          controller.enqueue(new Uint8Array(64 * 1024).fill(0x41));
        },
      });
    };
    const declared = await upload(stream(), { cookie: mentor, headers: { 'content-length': String(50 * MB) } });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error).toBe(spendCopy.tooLarge);
    expect(pulled).toBeLessThanOrEqual(MB);
    const streamed = await upload(stream(), { cookie: mentor });
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(6 * MB);
  });

  it('stores a formula-looking campaign name as the text it is, and a file name without its folder or controls', async () => {
    const res = await upload(await fixture('formula-name.csv'), { cookie: mentor, name: 'C:\\Downloads\\../meta\u0007 novembro.csv' });
    expect(res.status).toBe(201);
    const { import: made } = (await res.json()) as SpendImported;
    expect(made).toMatchObject({ fileName: 'meta novembro.csv', rowCount: 4, totalCents: 10_000 });
    const names = (await opened.query<{ campaign: string }>('select campaign from ad_spend_rows where import_id = $1 order by spend_cents', [made.id])).map((r) => r.campaign);
    expect(names).toEqual(['=HYPERLINK("http://x")', '@SUM(A1:A9)', '+55 Solar; -1 integradores', 'Campanha "Black Friday", 50% off']);
    expect((await view()).campaigns.map((c) => c.campaign)).toContain('=HYPERLINK("http://x")');
  });

  it('keeps the consultant out of every spend endpoint (403) with nothing stored', async () => {
    const before = await counts();
    expect((await call('GET', '/api/painel/gastos', { cookie: ana })).status).toBe(403);
    expect((await upload(utf8(googleExport([['Da Ana', '2026-11-03', '1,00']])), { cookie: ana })).status).toBe(403);
    const [anyImport] = (await view()).imports;
    expect((await undo(anyImport.id, ana)).status).toBe(403);
    expect((await saveMap({ platform: 'google', campaign: 'Pesquisa - Energia Solar SP', utmCampaign: 'x' }, ana)).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('lists unmapped spend first with the leads\' utm values, and sets, keeps and clears one mapping', async () => {
    const touch = (campaign: string) => JSON.stringify({ utm_source: 'google', utm_medium: 'cpc', utm_campaign: campaign, landing_path: '/' });
    for (const [i, first, last] of [[1, 'pesquisa-solar-sp', 'remarketing-30d'], [2, 'pesquisa-solar-sp', 'pesquisa-solar-sp']] as const) {
      await opened.query(
        `insert into leads (created_at, idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores,
           segmento, modelo_negocio, origem, consent_at, privacy_policy_version, first_touch, last_touch, servico, routing_kind)
         values (now(), $1, 'Lead Gastos', $2, '11987654321', 'Empresa Gastos', '11222333000181', 'ceo-proprietario', '100-500', '1-2',
           'energia-solar', 'b2b', 'site', now(), 'v1', $3::text::jsonb, $4::text::jsonb, 'trafego', 'team')`,
        [`gastos-${i}`, `gastos.${i}@exemplo.com.br`, touch(first), touch(last)]);
    }
    let map = await view();
    expect(map.utmCampaigns).toEqual(expect.arrayContaining([{ value: 'pesquisa-solar-sp', leads: 2 }, { value: 'remarketing-30d', leads: 1 }]));
    expect(map.campaigns.every((c) => c.utmCampaign === null)).toBe(true);
    const pesquisa = map.campaigns.find((c) => c.platform === 'google' && c.campaign === 'Pesquisa - Energia Solar SP')!;
    expect(pesquisa).toMatchObject({ totalCents: 222_221, firstDay: '2026-11-03', lastDay: '2026-11-04' });
    const totals = await opened.query<{ platform: string; campaign: string; total: number }>(
      'select platform, campaign, sum(spend_cents)::int as total from ad_spend group by 1, 2');
    expect(map.campaigns.map((c) => [c.platform, c.campaign, c.totalCents]).sort()).toEqual(totals.map((t) => [t.platform, t.campaign, t.total]).sort());

    const save = async (body: unknown, status = 200) => {
      const res = await saveMap(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      return (await res.json()) as CampaignSaved & { error?: string; fieldErrors?: Record<string, string> };
    };
    const key = { platform: 'google', campaign: 'Pesquisa - Energia Solar SP' };
    expect(await save({ ...key, utmCampaign: '  pesquisa-solar-sp ' })).toMatchObject({ status: 'saved', utmCampaign: 'pesquisa-solar-sp', leads: 2 });
    expect(await save({ ...key, utmCampaign: 'pesquisa-solar-sp' })).toMatchObject({ status: 'unchanged', leads: 2 });
    map = await view();
    expect(map.campaigns.at(-1)).toMatchObject({ ...key, utmCampaign: 'pesquisa-solar-sp', updatedBy: MENTOR });
    expect(map.campaigns.slice(0, -1).every((c) => c.utmCampaign === null)).toBe(true);
    // A value no lead carries yet: kept, and the answer says so.
    const unknown = await save({ ...key, utmCampaign: 'black-friday-2026' });
    expect(unknown).toMatchObject({ status: 'saved', leads: 0, message: expect.stringContaining('Nenhum lead tem esse utm_campaign ainda') });
    expect(await save({ ...key, utmCampaign: null })).toMatchObject({ status: 'cleared', utmCampaign: null });
    expect(await save({ ...key, utmCampaign: null })).toMatchObject({ status: 'unchanged' });

    const before = await counts();
    expect(await save({ ...key, utmCampaign: ' \t ' }, 400)).toEqual({ error: spendCopy.utmEmpty, fieldErrors: { utmCampaign: spendCopy.utmEmpty } });
    expect((await save({ ...key, utmCampaign: 'x'.repeat(201) }, 400)).fieldErrors).toEqual({ utmCampaign: spendCopy.utmTooLong });
    expect((await save({ ...key, utmCampaign: 'x'.repeat(401) }, 400)).fieldErrors).toEqual({ utmCampaign: spendCopy.utmTooLong });
    expect((await save({ ...key, utmCampaign: 'a\u0007b' }, 400)).fieldErrors).toEqual({ utmCampaign: spendCopy.utmInvalid });
    expect((await save({ platform: 'tiktok', campaign: 'x', utmCampaign: 'y' }, 400)).error).toBe(spendCopy.unreadable);
    expect((await save({ ...key, utmCampaign: 'y', extra: 1 }, 400)).error).toBe(spendCopy.unreadable);
    expect((await save({ platform: 'google', campaign: 'Nunca importada', utmCampaign: 'y' }, 404)).error).toBe(spendCopy.campaignGone);
    expect(await counts()).toEqual(before);
  });
});
