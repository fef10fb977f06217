// The painel's CSV: what Excel in Portuguese opens cleanly (BOM, ';', CRLF), formulas defused, the column
// sets' pt-BR labels, the keyset walk, and a 50,000-row export streamed in constant memory.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { stringify, type Options } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import type { MeetingExportRow } from './store';
import { wallClock } from '../../../src/lib/meeting-time';
import { brasiliaDateTime, csvCell, csvStream, keysetPages, leadCsvColumns, leadsFileName, meetingCsvColumns, type CsvColumn } from './csv';
import type { LeadExportRow } from './store';

/** RFC 4180 with ';': quoted cells may hold ';', '"' (doubled) and line breaks. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') { row.push(cell); cell = ''; } else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; } else cell += c;
  }
  return rows;
}

const read = async (stream: ReadableStream<Uint8Array>) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());
async function* pagesOf<T>(...pages: T[][]) {
  for (const page of pages) yield page;
}
const columns: CsvColumn<{ a: string; n: number | null; b: boolean | null }>[] = [
  { header: 'Ação', value: (r) => r.a }, { header: 'Número', value: (r) => r.n }, { header: 'Sim?', value: (r) => r.b },
];

describe('csvStream', () => {
  it('writes a BOM, a pt-BR header, ";" cells and CRLF records, with accents, quotes and line breaks intact', async () => {
    const text = await read(csvStream(columns, pagesOf([{ a: 'São João; "centro"', n: -3, b: true }], [{ a: 'linha 1\nlinha 2', n: null, b: false }])));
    expect(text.startsWith('\uFEFFAção;Número;Sim?\r\n')).toBe(true);
    expect(text.startsWith('\uFEFFsep=')).toBe(false);
    expect(text.split('\r\n')).toHaveLength(4); // header, 2 records, '' after the last CRLF
    expect(parse(text.slice(1))).toEqual([['Ação', 'Número', 'Sim?'], ['São João; "centro"', '-3', 'Sim'], ['linha 1\nlinha 2', '', 'Não']]);
  });

  it('defuses every cell a spreadsheet would run as a formula with a leading apostrophe', async () => {
    const risky = ['=HYPERLINK("x")', '+55 11', '-1+1', '@SUM(A1)', '\t=1', '\r=1', '＝1'];
    const text = await read(csvStream(columns, pagesOf(risky.map((a) => ({ a, n: -7, b: null })))));
    expect(text).toContain(`\r\n"'=HYPERLINK(""x"")";-7;\r\n`);
    expect(parse(text.slice(1)).slice(1).map((r) => r[0])).toEqual(risky.map((a) => `'${a}`));
    expect(parse(text.slice(1)).slice(1).every((r) => r[1] === '-7')).toBe(true); // a negative number stays a number
  });

  it('still writes the header when there are no rows', async () => {
    expect(await read(csvStream(columns, pagesOf()))).toBe('\uFEFFAção;Número;Sim?\r\n');
  });

  it('asks for the next page only when the reader wants more', async () => {
    let pulled = 0;
    async function* pages() {
      for (let i = 0; i < 100; i++) {
        pulled++;
        yield [{ a: `p${i}`, n: i, b: null }];
      }
    }
    const reader = csvStream(columns, pages()).getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 20));
    expect(pulled).toBeLessThanOrEqual(2);
    await reader.cancel();
  });

  it('streams 50,000 rows holding about one page in memory', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const note = 'Observação longa do consultor sobre a reunião. '.repeat(20);
    async function* pages() {
      for (let p = 0; p < 50; p++) yield Array.from({ length: 1000 }, (_, i) => ({ a: `${p * 1000 + i} ${note}`, n: i, b: i % 2 === 0 }));
    }
    // The encoded chunks live outside the JS heap (ArrayBuffers): both count.
    const used = () => process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    gc();
    const base = used();
    let peak = 0;
    let bytes = 0;
    const reader = csvStream(columns, pages()).getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      bytes += r.value.byteLength;
      gc(); // what is still held, not garbage waiting for a collection
      peak = Math.max(peak, used() - base);
    }
    expect(bytes).toBeGreaterThan(50_000 * 900); // about 48 MB went through
    expect(peak).toBeLessThan(40 * 1024 * 1024);
  }, 60_000);
});

describe('keysetPages', () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({ id: `id${i}`, at: `2026-01-0${9 - i}` }));
  const fetcher = (all: typeof rows, size: number, calls: unknown[]) => async (after: { t: string; id: string } | null) => {
    calls.push(after);
    const start = after ? all.findIndex((r) => r.id === after.id) + 1 : 0;
    return all.slice(start, start + size);
  };

  it('walks every page, each from the last row of the one before, and stops at a short page', async () => {
    const calls: unknown[] = [];
    const pages = [];
    for await (const page of keysetPages(fetcher(rows, 3, calls), (r) => r.at, 3)) pages.push(page.map((r) => r.id));
    expect(pages).toEqual([['id0', 'id1', 'id2'], ['id3', 'id4', 'id5'], ['id6']]);
    expect(calls).toEqual([null, { t: '2026-01-07', id: 'id2' }, { t: '2026-01-04', id: 'id5' }]);
  });

  it('ends on an empty page when the rows fill the last page exactly', async () => {
    const calls: unknown[] = [];
    const pages = [];
    for await (const page of keysetPages(fetcher(rows.slice(0, 6), 3, calls), (r) => r.at, 3)) pages.push(page.length);
    expect(pages).toEqual([3, 3]);
    expect(calls).toHaveLength(3);
  });
});

describe('column sets', () => {
  const meeting: MeetingExportRow = {
    id: 'm1', startsAt: '2026-03-10T12:30:00.000Z', endsAt: '2026-03-10T13:00:00.000Z', status: 'scheduled', service: 'trafego',
    lead: { id: 'l1', name: 'Ana Gonçalves', company: 'Solar Ipê Ltda' }, consultant: { id: 'c1', name: 'Rafael Oliveira' },
    outcome: { attendance: 'lead_no_show', qualified: false, note: '=1+1', recordedBy: 'r@x', recordedAt: '2026-03-10T14:00:00.000Z' },
    bookedAt: '2026-03-02T18:05:00.000Z', contact: { email: 'ana@example.com.br', phone: '43999998888', cnpj: '11222333000181', campaign: '+solar-pr' },
  };
  const lead: LeadExportRow = {
    id: 'l1', createdAt: '2026-01-01T02:05:00.000Z', name: 'Ana Gonçalves', email: 'ana@example.com.br', company: 'Solar Ipê Ltda',
    cnpj: '11222333000181', phone: '43999998888', segmento: 'energia-solar', faturamento: '10000+', vendedores: '20+', modelo: 'hibrido', meetings: 2,
    cargo: 'diretor-comercial', service: 'consultoria', rule: '=Grandes contas', routingKind: 'pool', submissions: 2, consultant: 'Rafael Oliveira',
    nextMeeting: '2026-03-10T12:30:00.000Z', outcome: { attendance: 'attended', qualified: true },
    firstTouch: null, lastTouch: null, marketingOptIn: false, marketingOptInAt: null, deals: null,
  };
  const answers = ['l1', '31/12/2025 23:05', '2', 'Ana Gonçalves', 'ana@example.com.br', 'Solar Ipê Ltda', '11.222.333/0001-81', '(43) 99999-8888',
    'Energia Solar', 'Acima de R$ 10 milhões', 'Mais de 20', 'Híbrido', 'Diretor Comercial', 'Consultoria Empresarial', "'=Grandes contas", 'Rafael Oliveira',
    '2', '10/03/2026 09:30', 'Compareceu', 'Sim'];
  const LEAD_COLUMNS = answers.length;

  it('writes a meeting in Brasília time with the pt-BR labels', async () => {
    const [header, row] = parse((await read(csvStream(meetingCsvColumns, pagesOf([meeting])))).slice(1));
    expect(header).toEqual([
      'ID da reunião', 'ID do lead', 'Data e hora', 'Agendada em', 'Lead', 'Empresa', 'E-mail', 'Telefone', 'CNPJ', '1º toque: campanha',
      'Serviço', 'Consultor', 'Status', 'Desfecho', 'Qualificado', 'Observação',
    ]);
    expect(row).toEqual([
      'm1', 'l1', '10/03/2026 09:30', '02/03/2026 15:05', 'Ana Gonçalves', 'Solar Ipê Ltda', 'ana@example.com.br', '(43) 99999-8888', '11.222.333/0001-81',
      "'+solar-pr", 'Tráfego Pago', 'Rafael Oliveira', 'Agendada', 'Lead não compareceu', 'Não', "'=1+1",
    ]);
    const [, none] = parse((await read(csvStream(meetingCsvColumns, pagesOf([{ ...meeting, status: 'cancelled', outcome: null, contact: { ...meeting.contact, campaign: null } }])))).slice(1));
    expect(none.slice(9)).toEqual(['', 'Tráfego Pago', 'Rafael Oliveira', 'Cancelada', '', '', '']);
  });

  it('writes a lead with its CNPJ and phone formatted and the answers as labels', async () => {
    const [header, row] = parse((await read(csvStream(leadCsvColumns, pagesOf([lead])))).slice(1));
    expect(header.slice(0, LEAD_COLUMNS)).toEqual(['ID do lead', 'Data', 'Envios', 'Nome', 'E-mail', 'Empresa', 'CNPJ', 'Telefone', 'Segmento', 'Faturamento',
      'Vendedores', 'Modelo de negócio', 'Cargo', 'Serviço', 'Regra', 'Consultor', 'Reuniões', 'Próxima reunião', 'Desfecho', 'Qualificado']);
    expect(row.slice(0, LEAD_COLUMNS)).toEqual(answers);
    // Without attribution: every touch cell empty, and no e-mail marketing.
    expect(row.slice(LEAD_COLUMNS)).toEqual([...Array(22).fill(''), 'Não', '', '0', '', '', '', '']);
    // A person without meetings, service or rule: those cells empty.
    const [, bare] = parse((await read(csvStream(leadCsvColumns, pagesOf([{ ...lead, service: null, rule: null, consultant: null, nextMeeting: null, outcome: null, meetings: 0 }])))).slice(1));
    expect(bare.slice(13, LEAD_COLUMNS)).toEqual(['', '', '', '0', '', '', '']);
  });

  it('writes the person\'s deals: count, latest stage, open and won totals, the last win in Brasília time', async () => {
    const withDeals: LeadExportRow = { ...lead, deals: { deals: 3, open: 1, openCents: 450_000, wonCents: 3_600_000, latestStage: 'ganho', latestWonAt: '2026-11-01T02:00:00.000Z' } };
    const [header, row] = parse((await read(csvStream(leadCsvColumns, pagesOf([withDeals])))).slice(1));
    const cell = (name: string) => row[header.indexOf(name)];
    expect([cell('Negociações'), cell('Etapa da última negociação'), cell('Em aberto'), cell('Receita ganha'), cell('Último ganho em')])
      .toEqual(['3', 'Ganho', 'R$\u00a04.500,00', 'R$\u00a036.000,00', '31/10/2026 23:00']);
  });

  it('writes both touches and the e-mail marketing opt-in, a campaign that is a formula defused', async () => {
    const touched: LeadExportRow = {
      ...lead,
      firstTouch: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: '=HYPERLINK("http://x","clique")', gclid: 'abc', referrer_host: 'www.google.com', landing_path: '/' },
      lastTouch: { utm_source: 'newsletter', utm_content: '+55 11', fbclid: 'fb1', landing_path: '/trafego-pago' },
      marketingOptIn: true, marketingOptInAt: '2026-01-01T02:06:00.000Z',
    };
    const text = await read(csvStream(leadCsvColumns, pagesOf([touched])));
    const [header, row] = parse(text.slice(1));
    const cell = (name: string) => row[header.indexOf(name)];
    expect(header.slice(LEAD_COLUMNS)).toEqual([
      '1º toque: origem', '1º toque: mídia', '1º toque: campanha', '1º toque: termo', '1º toque: conteúdo', '1º toque: gclid (Google Ads)',
      '1º toque: gbraid (Google Ads)', '1º toque: wbraid (Google Ads)', '1º toque: fbclid (Meta)', '1º toque: site de origem', '1º toque: página de entrada',
      'Último toque: origem', 'Último toque: mídia', 'Último toque: campanha', 'Último toque: termo', 'Último toque: conteúdo', 'Último toque: gclid (Google Ads)',
      'Último toque: gbraid (Google Ads)', 'Último toque: wbraid (Google Ads)', 'Último toque: fbclid (Meta)', 'Último toque: site de origem', 'Último toque: página de entrada',
      'Aceita e-mail marketing', 'Aceite de e-mail marketing em',
      'Negociações', 'Etapa da última negociação', 'Em aberto', 'Receita ganha', 'Último ganho em',
    ]);
    expect(cell('1º toque: origem')).toBe('google');
    expect(cell('1º toque: mídia')).toBe('cpc');
    expect(cell('1º toque: campanha')).toBe(`'=HYPERLINK("http://x","clique")`);
    expect(text).toContain(`;"'=HYPERLINK(""http://x"",""clique"")";`);
    expect(cell('1º toque: gclid (Google Ads)')).toBe('abc');
    expect(cell('1º toque: site de origem')).toBe('www.google.com');
    expect(cell('1º toque: página de entrada')).toBe('/');
    expect(cell('Último toque: origem')).toBe('newsletter');
    expect(cell('Último toque: conteúdo')).toBe(`'+55 11`);
    expect(cell('Último toque: fbclid (Meta)')).toBe('fb1');
    expect(cell('Último toque: página de entrada')).toBe('/trafego-pago');
    expect(cell('Último toque: campanha')).toBe('');
    expect(cell('Aceita e-mail marketing')).toBe('Sim');
    expect(cell('Aceite de e-mail marketing em')).toBe('31/12/2025 23:06');
  });
});

describe('leadsFileName', () => {
  const at = new Date('2026-11-26T15:00:00Z');
  const name = (query: string) => leadsFileName(new URLSearchParams(query), at);
  it('says the period and each filter, never the searched text', () => {
    expect(name('de=2026-11-01&ate=2026-11-26&segmento=energia-solar')).toBe('leads-2026-11-01-a-2026-11-26-energia-solar.csv');
    expect(name('')).toBe('leads-2026-11-26.csv');
    expect(name('de=2026-11-01&reuniao=sem&faturamento=10000%2B')).toBe('leads-desde-2026-11-01-10000+-sem-reuniao.csv');
    expect(name('ate=2026-11-26&regra=Tr%C3%A1fego%20pago%20%E2%80%94%20solar&busca=natalia%40x.com')).toBe('leads-ate-2026-11-26-regra-trafego-pago-solar-busca.csv');
  });
});

describe('brasiliaDateTime', () => {
  it('reads as Intl does for every instant, across the daylight-saving years and their transitions', () => {
    const check = (ms: number) => {
      const { date, time } = wallClock(new Date(ms));
      expect(brasiliaDateTime(new Date(ms).toISOString()), new Date(ms).toISOString()).toBe(`${date} ${time}`);
    };
    // Every 7 minutes and 13 seconds through 2018-10 → 2019-03 (DST began 2018-11-04, ended 2019-02-17),
    // then a spread of instants from 1914 to 2040, and 1914's end of local mean time (-03:06:28, mid-hour).
    for (let ms = Date.UTC(2018, 9, 25); ms < Date.UTC(2019, 2, 1); ms += 1_873_000) check(ms);
    for (let ms = Date.UTC(1914, 0, 1, 3); ms < Date.UTC(2040, 0, 1); ms += 86_400_000 * 37 + 3_599_000) check(ms);
    for (const iso of ['1914-01-01T03:30:00Z', '1914-01-01T03:06:27Z', '2018-11-04T02:59:59.999Z', '2018-11-04T03:00:00Z', '2019-02-17T01:59:59Z', '2019-02-17T02:00:00Z']) check(Date.parse(iso));
  });
});

describe('csvCell', () => {
  // csv-stringify 6.9 leaves a lone CR or LF unquoted when records end in CRLF ("a\nb" comes out bare, and
  // Excel starts a new row there): the oracle is told to quote them, as RFC 4180 and csvCell do.
  it('writes every cell as csv-stringify does with the export\'s options (its oracle)', () => {
    const options: Options = {
      delimiter: ';', record_delimiter: '\r\n', escape_formulas: true, quoted_match: [/\r/, /\n/],
      cast: { boolean: (b: boolean) => (b ? 'Sim' : 'Não') },
    };
    const pieces = ['', 'a', ';', '"', '""', '\r', '\n', '\r\n', '=', '+', '-', '@', '\t', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', "'", ' ', 'ç', '=1+2', '-5', '=HYPERLINK("http://x")'];
    const cells: (string | number | boolean | null)[] = [null, true, false, 0, -5, 3.25, -0.5, 1e21];
    for (const a of pieces) for (const b of pieces) cells.push(a + b);
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      let text = '';
      for (let k = 0; k < 4; k++) { seed = (seed * 1103515245 + 12345) % 2 ** 31; text += pieces[seed % pieces.length]; }
      cells.push(text);
    }
    for (const cell of cells) expect(csvCell(cell), JSON.stringify(cell)).toBe(stringify([[cell]], options).slice(0, -2));
  });
});
