// The ad-spend CSV import: real-shaped exports from Google Ads and Meta Ads Manager (tests/fixtures/spend)
// read into campaign-day rows in integer cents, and every file it must refuse refused whole, in pt-BR,
// with the row to look at.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_SPEND_FILE_BYTES, MAX_SPEND_ROWS, parseSpendFile, type SpendImport, type SpendImportError } from './import';
import { readAmountCents, readDay, slashOrderOf } from './numbers';
import { addDays } from '../scheduling/time';

const today = '2026-11-28';
const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../tests/fixtures/spend/${name}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const run = (bytes: Uint8Array) => parseSpendFile(bytes, { today });
const lines = (...rows: string[]) => utf8(rows.join('\n'));
const metaFile = (...rows: string[]) => lines('Nome da campanha,Dia,Valor usado (BRL)', ...rows);
const googleFile = (...rows: string[]) => lines('Relatório de campanhas', '1 de novembro de 2026 - 30 de novembro de 2026', 'Campanha,Dia,Código da moeda,Custo', ...rows);

async function ok(bytes: Uint8Array): Promise<SpendImport> {
  const result = await run(bytes);
  if ('error' in result) throw new Error(`refused: ${result.error}`);
  return result;
}
async function refused(bytes: Uint8Array): Promise<SpendImportError> {
  const result = await run(bytes);
  if (!('error' in result)) throw new Error(`accepted ${result.rows.length} rows`);
  return result;
}
const spendOf = async (bytes: Uint8Array) => (await ok(bytes)).rows.map((r) => r.spendCents);

describe('spend import: the platforms\' exports', () => {
  it('reads Meta pt-BR (BOM, "Dia", 1.234,56, campaign IDs, a day without spend as 0)', async () => {
    const bytes = fixture('meta-pt-BR.csv');
    const result = await ok(bytes);
    expect(result).toEqual({
      platform: 'meta',
      currency: 'BRL',
      rows: [
        { campaign: '[Leads] Integradores SP - Formulário', campaignId: '120212345678900001', day: '2026-11-03', spendCents: 123456 },
        { campaign: 'Remarketing - Visitantes 30d', campaignId: '120212345678900002', day: '2026-11-03', spendCents: 8990 },
        { campaign: '[Leads] Integradores SP - Formulário', campaignId: '120212345678900001', day: '2026-11-04', spendCents: 200000 },
        { campaign: 'Remarketing - Visitantes 30d', campaignId: '120212345678900002', day: '2026-11-04', spendCents: 0 },
        { campaign: 'Conteúdo – Vídeo depoimento João', campaignId: '120212345678900003', day: '2026-11-05', spendCents: 45 },
      ],
      period: { from: '2026-11-03', to: '2026-11-05' },
      totalCents: 332491,
      fileSha256: createHash('sha256').update(bytes).digest('hex'),
    });
  });

  it('reads Meta en-US by its reporting start and end when they are the same day (no "Day" column)', async () => {
    const result = await ok(fixture('meta-en-US.csv'));
    expect(result.platform).toBe('meta');
    expect(result.rows).toEqual([
      { campaign: '[Leads] Installers SP - Form', campaignId: '120212345678900011', day: '2026-11-03', spendCents: 123456 },
      { campaign: 'Retargeting 30d', campaignId: '120212345678900012', day: '2026-11-03', spendCents: 8990 },
      { campaign: '[Leads] Installers SP - Form', campaignId: '120212345678900011', day: '2026-11-04', spendCents: 200000 },
    ]);
    expect(result.totalCents).toBe(332446);
  });

  it('refuses a Meta export in dollars, naming the currency', async () => {
    expect(await refused(fixture('meta-usd.csv'))).toEqual({
      error: 'Os valores deste arquivo estão em dólar americano (USD). Só importamos gastos em reais (BRL); nenhuma linha foi importada.',
    });
  });

  it('reads Google pt-BR past its 2-line preamble, skips its Total footer, keeps a campaign named "Total…"', async () => {
    const result = await ok(fixture('google-pt-BR.csv'));
    expect(result.platform).toBe('google');
    expect(result.rows).toEqual([
      { campaign: 'Pesquisa - Energia Solar SP', campaignId: '21234567890', day: '2026-11-03', spendCents: 123456 },
      { campaign: 'Total Energia - Marca', campaignId: '21234567891', day: '2026-11-03', spendCents: 4510 },
      { campaign: 'Pesquisa - Energia Solar SP', campaignId: '21234567890', day: '2026-11-04', spendCents: 98765 },
      { campaign: 'PMax - Integradores', campaignId: '21234567892', day: '2026-11-04', spendCents: 0 },
    ]);
    // The same sum as the file's own "Total: conta" row (R$ 2.267,31), which is not counted again.
    expect(result.totalCents).toBe(226731);
    expect(result.period).toEqual({ from: '2026-11-03', to: '2026-11-04' });
  });

  it('reads Google en-US "CSV for Excel" (UTF-16LE with BOM, tabs, "Nov 3, 2026", 1,234.56)', async () => {
    const result = await ok(fixture('google-en-US-utf16.csv'));
    expect(result.rows).toEqual([
      { campaign: 'Search - Solar Installers', campaignId: '21234567801', day: '2026-11-03', spendCents: 123456 },
      { campaign: 'Brand - Solar Academy', campaignId: '21234567802', day: '2026-11-03', spendCents: 4510 },
      { campaign: 'Search - Solar Installers', campaignId: '21234567801', day: '2026-11-04', spendCents: 98765 },
    ]);
    expect(result.totalCents).toBe(226731);
  });

  it('refuses a Google file that mixes currencies, at the first row in the second currency', async () => {
    expect(await refused(fixture('google-mixed-currency.csv'))).toEqual({
      error: 'O arquivo mistura moedas (BRL, USD; USD a partir da linha 6). Só importamos gastos em reais (BRL): exporte cada conta separadamente.',
      line: 6,
    });
  });

  it('refuses a file that is no export, saying which columns were expected', async () => {
    const result = await refused(fixture('not-an-export.csv'));
    expect(result.line).toBeUndefined();
    expect(result.error).toMatch(/^Este arquivo não parece um relatório exportado do Google Ads nem do Meta Ads\./);
    for (const column of ['"Nome da campanha"', '"Valor usado (BRL)"', '"Campanha"', '"Custo"', '"Código da moeda"']) expect(result.error).toContain(column);
  });

  it('keeps formula-looking and quoted campaign names as plain text', async () => {
    const result = await ok(fixture('formula-name.csv'));
    expect(result.rows.map((r) => r.campaign)).toEqual([
      '=HYPERLINK("http://x")', '@SUM(A1:A9)', '+55 Solar; -1 integradores', 'Campanha "Black Friday", 50% off',
    ]);
    expect(result.totalCents).toBe(10000);
  });

  it('hashes the raw bytes: the same file twice gives the same hash, one byte more another', async () => {
    const bytes = fixture('google-pt-BR.csv');
    const first = await ok(bytes);
    expect(first.fileSha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect((await ok(bytes)).fileSha256).toBe(first.fileSha256);
    const changed = new Uint8Array([...bytes, 0x0a]);
    expect((await ok(changed)).fileSha256).not.toBe(first.fileSha256);
  });
});

describe('spend import: encodings and delimiters', () => {
  const rows = ['Solar SP,2026-11-03,"1.234,56"', 'Solar RJ,2026-11-03,"10,00"'];

  it('reads UTF-8 with or without BOM, and comma, semicolon or tab delimiters, the same way', async () => {
    const expected = [123456, 1000];
    expect(await spendOf(metaFile(...rows))).toEqual(expected);
    expect(await spendOf(new Uint8Array([0xef, 0xbb, 0xbf, ...metaFile(...rows)]))).toEqual(expected);
    expect(await spendOf(lines('Nome da campanha;Dia;Valor usado (BRL)', 'Solar SP;2026-11-03;1.234,56', 'Solar RJ;2026-11-03;10,00'))).toEqual(expected);
    expect(await spendOf(lines('Nome da campanha\tDia\tValor usado (BRL)', 'Solar SP\t2026-11-03\t1.234,56', 'Solar RJ\t2026-11-03\t10,00'))).toEqual(expected);
  });

  it('reads a file Excel saved again in Windows-1252 (not UTF-8, no BOM)', async () => {
    const bytes = new Uint8Array(Buffer.from('Nome da campanha;Dia;Valor usado (BRL)\r\nPromoção Verão;03/11/2026;1.234,56\r\n', 'latin1'));
    expect((await ok(bytes)).rows).toEqual([{ campaign: 'Promoção Verão', campaignId: null, day: '2026-11-03', spendCents: 123456 }]);
  });

  it('reads UTF-16 big-endian too, by its BOM', async () => {
    const bytes = new Uint8Array([0xfe, 0xff, ...Buffer.from('Campaign\tDay\tCurrency code\tCost\r\nSolar\tNov 3, 2026\tBRL\t1,234.56\r\n', 'utf16le').swap16()]);
    expect((await ok(bytes)).rows).toEqual([{ campaign: 'Solar', campaignId: null, day: '2026-11-03', spendCents: 123456 }]);
  });

  it('refuses UTF-16 without its BOM and a UTF-8 file whose bytes are broken', async () => {
    const utf16 = new Uint8Array(Buffer.from('Nome da campanha,Dia,Valor usado (BRL)\nSolar,2026-11-03,1\n', 'utf16le'));
    expect((await refused(utf16)).error).toMatch(/não é um CSV em texto que reconhecemos/);
    expect((await refused(new Uint8Array([0xef, 0xbb, 0xbf, ...metaFile('Solar,2026-11-03,1'), 0xff]))).error).toMatch(/corrompido/);
  });

  it('refuses an empty file, one with only a BOM or blank lines, and one with a header and no rows', async () => {
    for (const bytes of [new Uint8Array(), new Uint8Array([0xef, 0xbb, 0xbf]), utf8('\r\n\r\n  \n')]) {
      expect(await refused(bytes)).toEqual({ error: 'O arquivo está vazio.' });
    }
    expect((await refused(metaFile())).error).toMatch(/não tem nenhuma linha de campanha por dia/);
    expect((await refused(googleFile('Total: conta,--,BRL,"0,00"'))).error).toMatch(/não tem nenhuma linha de campanha por dia/);
  });

  it('refuses a quote left open, with its line', async () => {
    expect(await refused(metaFile('Solar,2026-11-03,1', '"Solar RJ,2026-11-03,1'))).toEqual({
      error: 'O arquivo tem aspas sem fechamento perto da linha 3. Exporte de novo direto da plataforma.',
      line: 3,
    });
  });

  it('throws on a today that is not a day (the caller\'s bug, not the file\'s)', async () => {
    await expect(parseSpendFile(metaFile('Solar,2026-11-03,1'), { today: '28/11/2026' })).rejects.toThrow(TypeError);
  });
});

describe('spend import: limits', () => {
  it('refuses a file over 5 MB before reading it; 5 MB itself is read', async () => {
    // Blank bytes: at the limit the file is read (and found empty), one byte over it is not read at all.
    expect(await refused(new Uint8Array(MAX_SPEND_FILE_BYTES).fill(0x20))).toEqual({ error: 'O arquivo está vazio.' });
    expect((await refused(new Uint8Array(MAX_SPEND_FILE_BYTES + 1).fill(0x20))).error).toBe('O arquivo passa de 5 MB, o limite. Exporte um período menor.');
  });

  it('reads 50,000 campaign-day rows and refuses 50,001', async () => {
    const rows: string[] = [];
    for (let c = 0; c < 50; c++) for (let d = 0; d < 1000; d++) rows.push(`c${c},${addDays('2024-01-01', d)},1`);
    expect(rows).toHaveLength(MAX_SPEND_ROWS);
    const result = await ok(metaFile(...rows));
    expect(result.rows).toHaveLength(MAX_SPEND_ROWS);
    expect(result.totalCents).toBe(MAX_SPEND_ROWS * 100);
    expect(await refused(metaFile(...rows, 'c50,2026-11-03,1'))).toEqual({
      error: 'O arquivo tem mais de 50.000 linhas de campanha por dia. Exporte um período menor.',
      line: MAX_SPEND_ROWS + 2,
    });
  });

  it('refuses negative spend and more than R$ 10.000.000,00 on a campaign-day, with the line', async () => {
    expect(await refused(metaFile('Solar,2026-11-03,"1,00"', 'Solar RJ,2026-11-03,"-5,00"'))).toMatchObject({ line: 3, error: expect.stringMatching(/negativo/) });
    expect(await spendOf(metaFile('Solar,2026-11-03,"10.000.000,00"'))).toEqual([1_000_000_000]);
    expect(await refused(metaFile('Solar,2026-11-03,"10.000.000,01"'))).toMatchObject({ line: 2, error: expect.stringMatching(/passa de R\$ 10\.000\.000,00/) });
    expect(await refused(metaFile('Solar,2026-11-03,99999999999999999999'))).toMatchObject({ line: 2 });
  });

  it('refuses a day more than 3 years before or after today', async () => {
    expect((await ok(metaFile('Solar,2029-11-28,1', 'Solar,2023-11-28,1', 'Solar,2026-11-03,1'))).period).toEqual({ from: '2023-11-28', to: '2029-11-28' });
    expect(await refused(metaFile('Solar,2026-11-03,1', 'Solar,2023-11-27,1'))).toEqual({
      error: 'A data 27/11/2023 na linha 3 está a mais de 3 anos de hoje. Confira se este é o relatório certo.',
      line: 3,
    });
    expect(await refused(metaFile('Solar,2029-11-29,1'))).toMatchObject({ line: 2 });
  });
});

describe('spend import: amounts and days in the file\'s language', () => {
  it('reads an empty or "--" spend as 0 on an otherwise valid row, not on a row without a day', async () => {
    expect(await spendOf(metaFile('Solar,2026-11-03,', 'Solar RJ,2026-11-03,--'))).toEqual([0, 0]);
    expect(await refused(metaFile('Solar,,--'))).toEqual({ error: 'A linha 2 não tem a data.', line: 2 });
  });

  it('refuses an amount two languages read differently, or with more than 2 decimals, with the line', async () => {
    // "1.234" is 1234 reais in pt-BR; "1,234" there would be 3 decimals, in en-US 1234 reais.
    expect(await spendOf(metaFile('Solar,2026-11-03,1.234'))).toEqual([123400]);
    const ambiguous = await refused(metaFile('Solar,2026-11-03,1', 'Solar RJ,2026-11-03,"1,234"'));
    expect(ambiguous).toMatchObject({ line: 3, error: expect.stringMatching(/é ambíguo: com três dígitos depois da vírgula, num arquivo em português/) });
    expect(await refused(lines('Campaign name,Day,Amount spent (BRL)', 'Solar,2026-11-03,1.234'))).toMatchObject({ line: 2, error: expect.stringMatching(/ambíguo/) });
    expect(await spendOf(lines('Campaign name,Day,Amount spent (BRL)', 'Solar,2026-11-03,"1,234"'))).toEqual([123400]);
    expect(await refused(metaFile('Solar,2026-11-03,"12,3456"'))).toMatchObject({ line: 2, error: expect.stringMatching(/mais de 2 casas decimais/) });
    expect(await refused(metaFile('Solar,2026-11-03,US$ 12'))).toMatchObject({ line: 2, error: expect.stringMatching(/não é um valor reconhecido/) });
  });

  it('reads dd/mm/yyyy in a pt-BR file and refuses a day that is not one, with the line', async () => {
    expect((await ok(metaFile('Solar,03/11/2026,1'))).rows[0].day).toBe('2026-11-03');
    expect((await ok(metaFile('Solar,3 de nov. de 2026,1'))).rows[0].day).toBe('2026-11-03');
    expect(await refused(metaFile('Solar,03/11/2026,1', 'Solar RJ,31/02/2026,1'))).toEqual({
      error: 'A data "31/02/2026" na linha 3 não foi reconhecida. Use datas como 03/11/2026 ou 2026-11-03.',
      line: 3,
    });
    expect(await refused(metaFile('Solar,03/11/26,1'))).toMatchObject({ line: 2 });
  });

  it('in an English file, lets the file\'s own days settle dd/mm or mm/dd, and refuses when none can', async () => {
    const en = (...rows: string[]) => lines('Campaign,Day,Currency code,Cost', ...rows);
    expect((await ok(en('Solar,11/03/2026,BRL,1', 'Solar,11/13/2026,BRL,1'))).rows.map((r) => r.day)).toEqual(['2026-11-03', '2026-11-13']);
    expect((await ok(en('Solar,03/11/2026,BRL,1', 'Solar,13/11/2026,BRL,1'))).rows.map((r) => r.day)).toEqual(['2026-11-03', '2026-11-13']);
    expect(await refused(en('Solar,2026-11-01,BRL,1', 'Solar,11/03/2026,BRL,1', 'Solar,11/04/2026,BRL,1'))).toMatchObject({
      line: 3, error: expect.stringMatching(/^A data "11\/03\/2026" na linha 3 pode ser lida com o dia antes ou depois do mês/),
    });
    expect(await refused(en('Solar,13/11/2026,BRL,1', 'Solar,11/14/2026,BRL,1'))).toMatchObject({ line: 3, error: expect.stringMatching(/dois formatos|dia antes do mês e também/) });
  });

  it('refuses a Meta row whose reporting start and end are different days', async () => {
    const file = lines('Início dos relatórios,Término dos relatórios,Nome da campanha,Valor usado (BRL)', '2026-11-03,2026-11-03,Solar,1', '2026-11-01,2026-11-30,Solar,"300,00"');
    expect(await refused(file)).toEqual({
      error: 'A linha 3 soma mais de um dia (01/11/2026 a 30/11/2026). Exporte com o detalhamento por dia.',
      line: 3,
    });
  });
});

describe('spend import: headers and currencies', () => {
  it('says which columns a platform export lacks', async () => {
    expect((await refused(lines('Nome da campanha,Valor usado (BRL)', 'Solar,1'))).error).toBe(
      'O relatório do Meta Ads não tem a coluna "Dia". Exporte no nível de campanha, com o detalhamento por dia.',
    );
    expect((await refused(lines('Relatório', 'Período', 'Campanha,Custo', 'Solar,1'))).error).toMatch(/^O relatório do Google Ads não tem as colunas "Dia" e "Código da moeda"\./);
    expect((await refused(lines('Campaign,Day,Cost', 'Solar,2026-11-03,1'))).error).toMatch(/^O relatório do Google Ads não tem a coluna "Currency code"\./);
  });

  it('accepts Meta\'s other spend labels and refuses one without a currency or in another one', async () => {
    for (const label of ['Valor gasto (BRL)', 'Quantia gasta (BRL)', 'Amount spent (BRL)']) {
      expect(await spendOf(lines(`Nome da campanha,Dia,${label}`, 'Solar,2026-11-03,"1,50"'))).toEqual([150]);
    }
    expect((await refused(lines('Nome da campanha,Dia,Valor usado', 'Solar,2026-11-03,1'))).error).toMatch(/não diz a moeda/);
    expect((await refused(lines('Nome da campanha,Dia,Valor usado (BRL),Valor gasto (BRL)', 'Solar,2026-11-03,1,1'))).error).toBe(
      'O relatório tem mais de uma coluna de valor usado ("Valor usado (BRL)", "Valor gasto (BRL)"). Exporte com uma só.',
    );
    expect((await refused(lines('Campaign name,Day,Amount spent (EUR)', 'Solar,2026-11-03,1'))).error).toMatch(/em euro \(EUR\)/);
  });

  it('refuses a Google row without a currency code, with its line', async () => {
    expect(await refused(googleFile('Solar,2026-11-03,BRL,1', 'Solar RJ,2026-11-03,,1'))).toMatchObject({ line: 5, error: expect.stringMatching(/código de moeda/) });
  });

  it('skips Google footers wherever the "Total" label sits, and Meta\'s summary row', async () => {
    const status = lines('Estado da campanha,Campanha,Dia,Código da moeda,Custo', 'Ativada,Solar,2026-11-03,BRL,"1,00"', 'Total: conta,--,--,BRL,"1,00"');
    expect(await spendOf(status)).toEqual([100]);
    expect(await spendOf(metaFile(',,"11,00"', 'Solar,2026-11-03,"1,00"', 'Solar RJ,2026-11-03,"10,00"'))).toEqual([100, 1000]);
  });
});

describe('spend import: rows', () => {
  it('refuses a campaign-day twice, naming the breakdown to remove when the file has one', async () => {
    expect(await refused(metaFile('Solar,2026-11-03,"1,00"', 'Solar RJ,2026-11-03,"1,00"', 'Solar,2026-11-03,"1,00"'))).toEqual({
      error: 'A campanha "Solar" aparece mais de uma vez no dia 03/11/2026 (linhas 2 e 4). Exporte no nível de campanha, detalhado só por dia. Se são campanhas diferentes com o mesmo nome, inclua a coluna "Identificação da campanha" ou renomeie uma delas.',
      line: 4,
    });
    const byAge = lines('Nome da campanha,Idade,Dia,Valor usado (BRL)', 'Solar,18-24,2026-11-03,"1,00"', 'Solar,25-34,2026-11-03,"2,00"');
    expect((await refused(byAge)).error).toBe(
      'A campanha "Solar" aparece mais de uma vez no dia 03/11/2026 (linhas 2 e 3). O relatório tem detalhamento por "Idade": remova esse detalhamento e exporte no nível de campanha, detalhado só por dia.',
    );
  });

  it('keeps two same-named campaigns apart by their IDs', async () => {
    const file = lines('Nome da campanha,Identificação da campanha,Dia,Valor usado (BRL)', 'Solar,111,2026-11-03,1', 'Solar,222,2026-11-03,2', 'Solar,,2026-11-04,3');
    expect((await ok(file)).rows.map((r) => [r.campaignId, r.spendCents])).toEqual([['111', 100], ['222', 200], [null, 300]]);
    const google = lines('Campanha,ID da campanha,Dia,Código da moeda,Custo', 'Solar,--,2026-11-03,BRL,1');
    expect((await ok(google)).rows[0].campaignId).toBeNull();
    const mangled = lines('Nome da campanha,Identificação da campanha,Dia,Valor usado (BRL)', 'Solar,1.20212E+17,2026-11-03,1');
    expect(await refused(mangled)).toMatchObject({ line: 2, error: expect.stringMatching(/não é um número/) });
  });

  it('keeps campaign names as they are but trimmed, up to 200 characters, without control characters', async () => {
    expect((await ok(metaFile('  Solar  SP ,2026-11-03,1', '"\u00a0Solar RJ\t",2026-11-03,1'))).rows.map((r) => r.campaign)).toEqual(['Solar  SP', 'Solar RJ']);
    const name200 = 'ç'.repeat(200);
    expect((await ok(metaFile(`${name200},2026-11-03,1`))).rows[0].campaign).toBe(name200);
    expect(await refused(metaFile(`${name200}ç,2026-11-03,1`))).toMatchObject({ line: 2, error: expect.stringMatching(/passa de 200 caracteres/) });
    for (const bad of ['Solar\u0007SP', 'Solar\u202Eexe.PS', '"Solar\nSP"']) {
      expect(await refused(metaFile(`${bad},2026-11-03,1`))).toMatchObject({ line: 2, error: expect.stringMatching(/caracteres de controle/) });
    }
    expect(await refused(googleFile('Solar,2026-11-03,BRL,1', ',2026-11-03,BRL,1'))).toEqual({ error: 'A linha 5 não tem o nome da campanha.', line: 5 });
  });
});

describe('spend numbers: amount cells', () => {
  it.each([
    ['1.234,56', 'pt', 123456], ['1,234.56', 'pt', 123456], ['1234.56', 'pt', 123456], ['1234,56', 'pt', 123456],
    ['1234', 'pt', 123400], ['0,45', 'pt', 45], ['1,5', 'pt', 150], ['R$ 1.234,56', 'pt', 123456], ['R$\u00a01.234,56', 'pt', 123456],
    ['1.234.567,89', 'pt', 123456789], ['1.234', 'pt', 123400], ['1,234', 'en', 123400], ['1,234,567', 'en', 123456700],
    ['1.234,56', 'en', 123456], ['', 'pt', 0], ['--', 'en', 0], ['-5,00', 'pt', -500], ['-0,00', 'pt', 0], ['007,10', 'pt', 710],
  ] as const)('%s (%s) is %i cents', (raw, lang, cents) => {
    expect(readAmountCents(raw, lang)).toEqual({ cents });
  });

  it.each([
    ['1,234', 'pt', 'ambiguous'], ['1.234', 'en', 'ambiguous'], ['1234.567', 'pt', 'precision'], ['0,001', 'pt', 'precision'],
    ['12,3456', 'en', 'precision'], ['1.234,567', 'pt', 'precision'], ['1,2,3', 'pt', 'unreadable'], ['1.234,5,6', 'pt', 'unreadable'], ['12,', 'pt', 'unreadable'],
    ['1.23.456,00', 'pt', 'unreadable'], ['1e3', 'en', 'unreadable'], ['abc', 'pt', 'unreadable'], ['(5,00)', 'pt', 'unreadable'],
  ] as const)('%s (%s) is %s', (raw, lang, problem) => {
    expect(readAmountCents(raw, lang)).toEqual({ problem });
  });
});

describe('spend numbers: day cells', () => {
  it.each([
    ['2026-11-03', 'dmy', '2026-11-03'], ['03/11/2026', 'dmy', '2026-11-03'], ['03/11/2026', 'mdy', '2026-03-11'],
    ['3/1/2026', 'dmy', '2026-01-03'], ['3 de nov. de 2026', null, '2026-11-03'], ['3 de novembro de 2026', null, '2026-11-03'],
    ['03 de março de 2026', null, '2026-03-03'], ['1 de fev de 2024', null, '2024-02-01'], ['Nov 3, 2026', null, '2026-11-03'],
    ['November 3, 2026', null, '2026-11-03'], ['Sept 3, 2026', null, '2026-09-03'], ['3 Nov 2026', null, '2026-11-03'],
    ['29/02/2024', 'dmy', '2024-02-29'],
  ] as const)('%s (%s) is %s', (raw, order, day) => {
    expect(readDay(raw, order)).toBe(day);
  });

  it.each([
    ['03/11/2026', null], ['31/02/2026', 'dmy'], ['29/02/2026', 'dmy'], ['2026-02-30', 'dmy'], ['03/11/26', 'dmy'],
    ['2026-11-3', 'dmy'], ['Nov 33, 2026', null], ['Novx 3, 2026', null], ['3 de xyz de 2026', null], ['', 'dmy'], ['--', 'dmy'],
  ] as const)('%s (%s) is no day', (raw, order) => {
    expect(readDay(raw, order)).toBeNull();
  });

  it('settles the slash order from the file\'s own days in English, always day first in pt-BR', () => {
    expect(slashOrderOf(['03/11/2026'], 'pt')).toEqual({ order: 'dmy' });
    expect(slashOrderOf(['03/11/2026', '13/11/2026'], 'en')).toEqual({ order: 'dmy' });
    expect(slashOrderOf(['11/03/2026', '11/13/2026'], 'en')).toEqual({ order: 'mdy' });
    expect(slashOrderOf(['2026-11-01', '03/11/2026', '04/11/2026'], 'en')).toEqual({ undecided: 1 });
    expect(slashOrderOf(['13/11/2026', '03/03/2026', '11/13/2026'], 'en')).toEqual({ conflict: 2 });
    expect(slashOrderOf(['2026-11-03'], 'en')).toEqual({ order: null });
  });
});
