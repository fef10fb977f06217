// Números and Hoje (issue 34): the figures of SQL painel_numbers for a period of Brasília days, the
// viewer's own for a consultant, the team's for the mentor; each table of Números as an Excel-safe CSV
// through the lists' writer (csv.ts). A period that cannot be one is a 400 with the reason in pt-BR.
import type { ConsultantCounts, NumbersView, Period, TodayView, TodayWindow, Touch } from '../../../../src/domain/painel/numbers';
import { parseTouch, previousPeriod, resolvePeriod, touchWords } from '../../../../src/domain/painel/numbers';
import { isNumbersTable, parseSort, tableRows, type Cell } from '../../../../src/domain/painel/numbers-tables';
import { painelMessages } from '../../../../src/domain/painel/copy';
import { addDays as addDay, zonedParts, zonedToUtc } from '../../../../src/domain/scheduling/time';
import { HttpError } from '../../http';
import { consultantsBehind } from '../../routing';
import type { Store } from '../../store/port';
import { painelJson, type SignedIn } from '../context';
import { onePageCsv } from './exports';
import { needsYou } from '../needs-you';

type Raw = Omit<NumbersView, 'period' | 'previous' | 'previousFunnel'> & { previous: NumbersView['funnel'] };
export type Part = 'funnel' | 'previous' | 'groups' | 'consultants' | 'time';

/** The figures of SQL painel_numbers for the Brasília days of `period`; preseller: a consultant's own. */
export function queryNumbers(store: Store, args: { period: Period; touch: Touch; parts: Part[]; now: Date; timeZone: string; preseller: string | null }): Promise<Raw> {
  const { period, timeZone: tz } = args;
  return store.call<Raw>('painel_numbers', {
    from: zonedToUtc(period.de, '00:00', tz).toISOString(),
    to: zonedToUtc(addDay(period.ate, 1), '00:00', tz).toISOString(),
    now: args.now.toISOString(), time_zone: tz, touch: args.touch, parts: args.parts, preseller: args.preseller,
  });
}

const numbersOf = (ctx: SignedIn, period: Period, touch: Touch, parts: Part[]) => queryNumbers(ctx.app.store, {
  period, touch, parts, now: ctx.app.now(), timeZone: ctx.app.env.scheduling.timeZone,
  preseller: ctx.viewer.role === 'consultor' ? ctx.viewer.preseller : null,
});

const today = (ctx: SignedIn) => zonedParts(ctx.app.now(), ctx.app.env.scheduling.timeZone).date;

async function view(ctx: SignedIn): Promise<NumbersView> {
  const q = ctx.url.searchParams;
  const asked = resolvePeriod({ periodo: q.get('periodo'), de: q.get('de'), ate: q.get('ate') }, today(ctx));
  if (!asked.ok) throw new HttpError(400, asked.error);
  const touch = parseTouch(q.get('toque'));
  const raw = await numbersOf(ctx, asked.period, touch, ['funnel', 'previous', 'groups', 'consultants', 'time']);
  const { previous, ...rest } = raw;
  return { ...rest, period: { ...asked.period, touch }, previous: previousPeriod(asked.period), previousFunnel: previous };
}

export async function showNumbers(ctx: SignedIn): Promise<Response> {
  return painelJson(await view(ctx));
}

/** GET …/exportar/numeros?tabela=origem&periodo=…(&ordem=1-desc): one table as the screen shows it. */
export async function exportNumbers(ctx: SignedIn): Promise<Response> {
  const table = ctx.url.searchParams.get('tabela');
  if (!isNumbersTable(table)) throw new HttpError(400, painelMessages.badQuery);
  const numbers = await view(ctx);
  const { header, rows } = tableRows(table, numbers, parseSort(table, ctx.url.searchParams.get('ordem')));
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'export_csv', subject: `numeros-${table}`, ipHash: ctx.ipHash }, ctx.app.now());
  const columns = header.map((name, i) => ({ header: name, value: (row: Cell[]) => row[i] }));
  const touch = table === 'origem' ? `-${touchWords[numbers.period.touch]}-toque` : '';
  return onePageCsv(columns, rows, `numeros-${table}${touch}-${numbers.period.de}-a-${numbers.period.ate}.csv`);
}

/** Hoje: yesterday, today and the 7 days from tomorrow, with the day's people and meetings. */
export async function showToday(ctx: SignedIn): Promise<Response> {
  const day = today(ctx);
  const windows: { key: TodayWindow['key']; label: string; period: Period }[] = [
    { key: 'ontem', label: 'Ontem', period: { de: addDay(day, -1), ate: addDay(day, -1) } },
    { key: 'hoje', label: 'Hoje', period: { de: day, ate: day } },
    { key: 'proximos', label: 'Próximos 7 dias', period: { de: addDay(day, 1), ate: addDay(day, 7) } },
  ];
  const mentor = ctx.viewer.role === 'mentor';
  const [answers, shares, needs] = await Promise.all([
    Promise.all(windows.map((w) => numbersOf(ctx, w.period, 'first', ['funnel', 'consultants']))),
    // The team's shares are the mentor's to act on; a consultant's Hoje stays their own meetings.
    mentor ? consultantsBehind(ctx.app) : null,
    needsYou(ctx.app, ctx.viewer, ctx.app.now()),
  ]);
  const body: TodayView = {
    windows: windows.map((w, i): TodayWindow => ({
      key: w.key, label: w.label, ...w.period, leads: answers[i].funnel.leads,
      team: answers[i].team as ConsultantCounts, consultants: answers[i].consultants,
    })),
    behind: { window: shares?.window ?? 'mes', consultants: shares ? [...shares.behind].map(([id, b]) => ({ id, ...b })) : [] },
    needsYou: needs,
  };
  return painelJson(body);
}
