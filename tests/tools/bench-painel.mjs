// The painel's section of `npm run bench`: every list call the console makes (functions/lib/painel/store.ts),
// timed in-process on a database loaded with `npm run db:seed -- --demo 50000`, and the CSV of every lead.
// p95 of RUNS calls after WARMUP; budgets below. PGlite always; PostgreSQL when the caller passes a URL.
// Then Números, Qual campanha paga and Hoje: the screen's presets and 92, 366 and 731 days (MAX_PERIOD_DAYS),
// the team's and a consultant's, each the one SQL call the endpoint makes, with their own budgets
// (docs/painel-numbers.md "Números on a year"). `measure` is exported for timing an already seeded database.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { importTs } from '../../scripts/server/functions-host.mjs';
import { explainCalls, recordingStore } from './bench-explain.mjs';

export const DEMO_LEADS = Number(process.env.BENCH_DEMO_LEADS ?? 50_000);
const RUNS = 30;
const WARMUP = 3;
/** The console's page: PAGE_SIZE (50) rows and one more that only says there is a next page. */
const LIMIT = 51;
export const PAINEL_BUDGETS = { pglite: 150, postgres: 50, csvMs: 3000 };
/** Números' queries (issue 34): p95 on 50,000 leads and 20,000 meetings. */
export const NUMBERS_BUDGETS = { pglite: 300, postgres: 100 };

const lib = await importTs('bench-painel', [
  "export { painelStore } from './functions/lib/painel/store';",
  "export { leadQuery } from './functions/lib/painel/query';",
  "export { csvStream, leadCsvColumns, meetingCsvColumns } from './functions/lib/painel/csv';",
  "export { openPgliteStore } from './functions/lib/store/pglite';",
  "export { openPostgresStore } from './functions/lib/store/postgres';",
  "export { queryNumbers } from './functions/lib/painel/handlers/numbers';",
  "export { gzipped, leadExportPages, meetingExportPages } from './functions/lib/painel/handlers/exports';",
  "export { queryCampaignMoney } from './functions/lib/painel/handlers/campaign-money';",
  "export { MAX_PERIOD_DAYS, presetPeriod } from './src/domain/painel/numbers';",
  "export { addDays, zonedParts } from './src/domain/scheduling/time';",
]);

const mentor = { role: 'mentor', email: 'm@x', name: null, preseller: null };
/** How many of the slowest list calls get their plan printed (PostgreSQL). */
const EXPLAINED = 4;
/** The machine's load average (1, 5, 15 min): the numbers mean little without it on a shared host. */
const load = () => loadavg().map((x) => x.toFixed(2)).join(' / ');

/**
 * Loads the demo data with the real command (`runNode(args, env)` runs a Node script) into a throw-away
 * DATA_DIR, or into `databaseUrl` (a fresh database), then measures. Rows for the report table.
 */
export async function painelSuite(label, { runNode, databaseUrl = null }) {
  const dataDir = await mkdtemp(join(tmpdir(), 'mentor-bench-painel-'));
  const env = { ...process.env, DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'SUPABASE_URL']) delete env[name];
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const store = databaseUrl ? 'postgres' : 'pglite';
  try {
    await runNode(['scripts/ops/db.mjs', 'migrate'], env);
    const started = performance.now();
    await runNode(['scripts/ops/db.mjs', 'seed', '--demo', String(DEMO_LEADS)], env);
    const seedMs = performance.now() - started;
    const opened = databaseUrl ? await lib.openPostgresStore({ url: databaseUrl, poolMax: 1 }) : await lib.openPgliteStore(dataDir);
    try {
      const loadBefore = load();
      const rows = await measure(opened, store);
      const loadAfter = load();
      // The plans of the slowest list calls, after the timing (auto_explain's ANALYZE runs each call again).
      const worst = rows.filter((r) => r.calls?.length).sort((a, b) => b.p95 - a.p95).slice(0, EXPLAINED);
      const plans = databaseUrl ? await explainCalls(databaseUrl, worst) : [];
      return { label, store, seedMs, rows, plans, load: `${loadBefore} at the start, ${loadAfter} at the end` };
    } finally {
      await opened.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function measure(opened, store) {
  // The SQL calls each list call made, kept for bench-explain.mjs.
  const recorded = recordingStore(opened);
  const painel = lib.painelStore(recorded.store);
  const now = new Date();
  const [one] = await opened.sql.query(`select l.nome, l.email, l.cnpj, l.telefone, m.preseller_id from leads l
    join meetings m on m.lead_id = l.id where l.origem = 'demo' order by l.created_at desc limit 1 offset 100`);
  const consultant = { role: 'consultor', email: 'c@x', name: 'Consultor', preseller: one.preseller_id };
  const lastMonth = { from: new Date(now.getTime() - 30 * 86_400_000), to: now };
  const firstPage = await painel.leads(mentor, {}, LIMIT);
  const after = { t: firstPage[LIMIT - 2].createdAt, id: firstPage[LIMIT - 2].id };
  // The filter the endpoint builds from "Buscar" (query.ts), so the bench searches as the console does.
  const search = (q) => lib.leadQuery(new URL(`http://painel/api/painel/leads?busca=${encodeURIComponent(q)}`)).filter;
  const surname = one.nome.split(' ').at(-1).toLowerCase();
  // Issue 32: a name with an accent searched without it ("Natalia" finds "Natália"), a phone typed with
  // +55, the routing-rule filter, and the list's real total (a count of persons, every filter).
  const [accented] = await opened.sql.query(`select nome from leads where nome ~ '[áéíóúâêôãõç]' order by created_at desc limit 1 offset 50`);
  const accentWord = accented?.nome.split(' ').find((w) => /[áéíóúâêôãõç]/i.test(w)) ?? surname;
  const plain = accentWord.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const phone55 = `+55 (${one.telefone.slice(0, 2)}) ${one.telefone.slice(2, -4)}-${one.telefone.slice(-4)}`;
  // The demo data has no rule stored: the filter then asks for the rule every lead has today.
  const [rule = 'Todos os leads'] = await painel.leadRules();
  const total = (name, filter) => [`total ${name}`, () => painel.leadsTotal(mentor, filter)];

  const meetings = (name, filter, viewer = mentor) => [`meetings ${name}`, () => painel.meetings(viewer, filter, now, LIMIT)];
  const leads = (name, filter, viewer = mentor, page = null) => [`leads ${name}`, () => painel.leads(viewer, filter, LIMIT, page)];
  const cases = [
    meetings('proximas', { tab: 'proximas' }),
    meetings('sem-desfecho', { tab: 'sem-desfecho' }),
    meetings('canceladas', { tab: 'canceladas' }),
    meetings('passadas', { tab: 'passadas' }),
    meetings('passadas, consultor', { tab: 'passadas', consultant: one.preseller_id }),
    meetings('sem-desfecho, consultor', { tab: 'sem-desfecho', consultant: one.preseller_id }),
    meetings('passadas, serviço', { tab: 'passadas', service: 'trafego' }),
    meetings('passadas, período 30 dias', { tab: 'passadas', ...lastMonth }),
    meetings('canceladas, período 30 dias', { tab: 'canceladas', ...lastMonth }),
    meetings('proximas, viewer consultor', { tab: 'proximas' }, consultant),
    meetings('passadas, viewer consultor', { tab: 'passadas' }, consultant),
    // Issue 32: the latest outcome, the booking's date, and every tab's total under the same filters.
    meetings('passadas, desfecho compareceu', { tab: 'passadas', outcome: 'compareceu' }),
    meetings('passadas, desfecho qualificado', { tab: 'passadas', outcome: 'qualificado' }),
    meetings('passadas, desfecho não compareceu, consultor', { tab: 'passadas', outcome: 'nao-compareceu', consultant: one.preseller_id }),
    meetings('passadas, agendadas nos últimos 30 dias', { tab: 'passadas', dateField: 'agendamento', ...lastMonth }),
    ['contagem das abas', () => painel.meetingCounts(mentor, { tab: 'proximas' }, now)],
    ['contagem, desfecho sem desfecho + período', () => painel.meetingCounts(mentor, { tab: 'proximas', outcome: 'sem-desfecho', ...lastMonth }, now)],
    ['contagem, viewer consultor', () => painel.meetingCounts(consultant, { tab: 'proximas' }, now)],
    leads('sem filtro', {}),
    leads('2ª página (keyset)', {}, mentor, after),
    leads(`busca nome "${surname}"`, search(surname)),
    leads('busca nome+sobrenome raro', search(one.nome.toLowerCase())),
    leads('busca CNPJ (8 dígitos)', search(one.cnpj.slice(0, 8).toLowerCase())),
    leads('busca CNPJ mascarado', search(`${one.cnpj.slice(0, 2)}.${one.cnpj.slice(2, 5)}.${one.cnpj.slice(5, 8)}/`.toLowerCase())),
    leads('busca telefone', search(one.telefone.slice(2))),
    leads('busca e-mail', search(one.email)),
    leads('busca sem resultado', search('zzqx')),
    leads('busca comum de 3 letras "ana"', search('ana')),
    leads('busca de 2 letras "an"', search('an')),
    leads('segmento', { segmento: 'saude-estetica' }),
    leads('faturamento', { faturamento: '10000+' }),
    leads('vendedores', { vendedores: '20+' }),
    leads('modelo', { modelo: 'hibrido' }),
    leads('serviço', { service: 'trafego' }),
    leads('com reunião', { withMeeting: true }),
    leads('sem reunião', { withMeeting: false }),
    leads('período 30 dias', lastMonth),
    leads('período + segmento + sem reunião', { ...lastMonth, segmento: 'ecommerce', withMeeting: false }),
    leads('viewer consultor', {}, consultant),
    leads(`busca sem acento "${plain}" (${accentWord})`, search(plain)),
    leads('busca telefone com +55', search(phone55)),
    leads(`encaminhamento "${rule}"`, { rule }),
    total('sem filtro', {}),
    total('busca comum "ana"', search('ana')),
    total(`busca sem acento "${plain}"`, search(plain)),
    total('sem reunião', { withMeeting: false }),
    total('período 30 dias', lastMonth),
    total(`encaminhamento "${rule}"`, { rule }),
  ];
  // Números: the screen's one call per period (all parts), Hoje's three small ones.
  const tz = 'America/Sao_Paulo';
  const today = lib.zonedParts(now, tz).date;
  const all = ['funnel', 'previous', 'groups', 'consultants', 'time'];
  const numbers = (name, period, { viewer = null, touch = 'first', parts = all } = {}) => [`números ${name}`,
    () => lib.queryNumbers(opened, { period, touch, parts, now, timeZone: tz, preseller: viewer }), NUMBERS_BUDGETS[store]];
  cases.push(
    numbers('últimos 7 dias', lib.presetPeriod('7d', today)),
    numbers('últimos 30 dias', lib.presetPeriod('30d', today)),
    numbers('este mês', lib.presetPeriod('mes', today)),
    numbers('mês passado', lib.presetPeriod('mes-passado', today)),
    numbers('mês passado, último toque', lib.presetPeriod('mes-passado', today), { touch: 'last' }),
    // 92 days, a quarter; 366; and 731, the longest the screen takes.
    ...[92, 366, lib.MAX_PERIOD_DAYS].flatMap((days) => [
      numbers(`${days} dias`, { de: lib.addDays(today, 1 - days), ate: today }),
      numbers(`${days} dias, viewer consultor`, { de: lib.addDays(today, 1 - days), ate: today }, { viewer: one.preseller_id }),
    ]),
    numbers('últimos 7 dias, viewer consultor', lib.presetPeriod('7d', today), { viewer: one.preseller_id }),
    numbers('últimos 30 dias, viewer consultor', lib.presetPeriod('30d', today), { viewer: one.preseller_id }),
    ...[['últimos 7 dias', lib.presetPeriod('7d', today)], ['últimos 30 dias', lib.presetPeriod('30d', today)],
      ...[92, 366, lib.MAX_PERIOD_DAYS].map((days) => [`${days} dias`, { de: lib.addDays(today, 1 - days), ate: today }])].flatMap(([name, period]) => [
      [`qual campanha paga, ${name}`, () => lib.queryCampaignMoney(opened, { period, touch: 'first', timeZone: tz, preseller: null }), NUMBERS_BUDGETS[store]],
      [`qual campanha paga, ${name}, viewer consultor`, () => lib.queryCampaignMoney(opened, { period, touch: 'first', timeZone: tz, preseller: one.preseller_id }), NUMBERS_BUDGETS[store]],
    ]),
    [`hoje (3 chamadas)`, () => Promise.all([
      lib.queryNumbers(opened, { period: { de: lib.addDays(today, -1), ate: lib.addDays(today, -1) }, touch: 'first', parts: ['funnel', 'consultants'], now, timeZone: tz, preseller: null }),
      lib.queryNumbers(opened, { period: { de: today, ate: today }, touch: 'first', parts: ['funnel', 'consultants'], now, timeZone: tz, preseller: null }),
      lib.queryNumbers(opened, { period: { de: lib.addDays(today, 1), ate: lib.addDays(today, 7) }, touch: 'first', parts: ['funnel', 'consultants'], now, timeZone: tz, preseller: null }),
    ]), NUMBERS_BUDGETS[store]],
  );
  const rows = [];
  // BENCH_PAINEL_ONLY=números,hoje: only the calls whose name contains one of these (and no CSV): one
  // screen's budget at a time.
  const only = process.env.BENCH_PAINEL_ONLY?.split(',');
  for (const [name, call, budget = PAINEL_BUDGETS[store]] of cases.filter(([name]) => !only || only.some((w) => name.includes(w)))) {
    const times = [];
    let count = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      recorded.calls.length = 0;
      const t = performance.now();
      const answer = await call();
      count = Array.isArray(answer) ? answer.length : typeof answer === 'number' ? answer : answer.campaigns ? answer.campaigns.length : (answer.funnel?.leads ?? Object.values(answer).reduce((x, y) => x + y, 0));
      if (i >= WARMUP) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const p = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
    rows.push({ name, count, p50: p(0.5), p95: p(0.95), budget, ok: budget === null || p(0.95) <= budget, calls: [...recorded.calls] });
  }

  if (only) return rows;
  // The export: every lead, through the handler's own pages (handlers/exports.ts), the CSV writer and gzip
  // (as a browser gets it), to the last byte; raw bytes counted before the compression. Three exports, the
  // budget on their median: one export is one sample, and on this host two samples of the same code were
  // 2,945 and 3,302 ms (2026-11-30); the slowest of the three (p95 column) is the first, on a cold database.
  const leadRuns = await timedRuns(async () => {
    const pages = await lib.leadExportPages(painel, mentor, {}, now);
    let bytes = 0;
    const counted = new TransformStream({ transform: (chunk, out) => { bytes += chunk.byteLength; out.enqueue(chunk); } });
    const reader = lib.gzipped(lib.csvStream(lib.leadCsvColumns, pages).pipeThrough(counted)).getReader();
    let gzipped = 0;
    for (let r = await reader.read(); !r.done; r = await reader.read()) gzipped += r.value.byteLength;
    return { bytes, gzipped };
  });
  const { bytes, gzipped } = leadRuns[0].value;
  const perLead = `${(bytes / DEMO_LEADS).toFixed(0)} B/lead; gzip ${(gzipped / 1e6).toFixed(1)} MB, ${(gzipped / DEMO_LEADS).toFixed(0)} B/lead`;
  rows.push(csvRow(`CSV de todos os leads (${(bytes / 1e6).toFixed(1)} MB, ${perLead})`, leadRuns));

  // The meetings' export of every past meeting, with each lead's contact and campaign (issue 32).
  const meetingRuns = await timedRuns(async () => {
    const meetingPages = await lib.meetingExportPages(painel, mentor, { tab: 'passadas' }, now);
    const meetingReader = lib.csvStream(lib.meetingCsvColumns, meetingPages).getReader();
    let meetingBytes = 0;
    for (let r = await meetingReader.read(); !r.done; r = await meetingReader.read()) meetingBytes += r.value.byteLength;
    return { bytes: meetingBytes };
  });
  rows.push(csvRow(`CSV das reuniões passadas (${(meetingRuns[0].value.bytes / 1e6).toFixed(1)} MB)`, meetingRuns));
  return rows;
}

/** Each export's runs, one after another (the first on a cold database). */
const CSV_RUNS = 3;

async function timedRuns(run) {
  const runs = [];
  for (let i = 0; i < CSV_RUNS; i++) {
    const t = performance.now();
    const value = await run();
    runs.push({ ms: performance.now() - t, value });
  }
  return runs;
}

/** A CSV's row: the median of its runs against the budget, the slowest in the p95 column. */
function csvRow(name, runs) {
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)];
  return { name: `${name}, mediana de ${ms.length}`, count: null, p50: median, p95: ms.at(-1), budget: PAINEL_BUDGETS.csvMs, ok: median <= PAINEL_BUDGETS.csvMs };
}

/** Markdown table of every suite; true when every row kept its budget. */
export function printPainel(results) {
  console.log(`\nPainel: ${DEMO_LEADS} leads de demonstração, p95 de ${RUNS} chamadas (após ${WARMUP}), limite ${LIMIT}\n`);
  console.log('| Store | Call | Rows | p50 (ms) | p95 (ms) | Budget (ms) | |');
  console.log('|---|---|---:|---:|---:|---:|---|');
  for (const { label, seedMs, rows, load: during } of results) {
    console.log(`| ${label} | load average (1 / 5 / 15 min): ${during} | | | | | |`);
    console.log(`| ${label} | seed --demo ${DEMO_LEADS} (total) | | | ${seedMs.toFixed(0)} | | |`);
    for (const r of rows) {
      console.log(`| ${label} | ${r.name} | ${r.count ?? ''} | ${r.p50?.toFixed(1) ?? ''} | ${r.p95.toFixed(1)} | ${r.budget ?? ''} | ${r.budget === null ? '' : r.ok ? 'ok' : '**over**'} |`);
    }
  }
  for (const { label, plans } of results) {
    if (plans.length) console.log(`\n## ${label}: EXPLAIN ANALYZE of the ${plans.length} slowest list calls (auto_explain, nested)\n\n${plans.join('\n\n')}`);
  }
  return results.every((s) => s.rows.every((r) => r.ok));
}
