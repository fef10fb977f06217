// "Relatório do mês" (mentor): the same report as `npm run consultants -- report [AAAA-MM]`
// (admin/routing.ts, SQL routing_report), as JSON for Equipe, with the month's skipped follow-ups.
import { painelMessages } from '../../../../src/domain/painel/copy';
import { currentMonth, isReportMonth, reportView, routingReport } from '../../admin/routing';
import type { RoutingReportView } from '../../../../src/domain/scheduling/routing-report';
import { HttpError } from '../../http';
import { painelJson, type SignedIn } from '../context';

export async function showReport(ctx: SignedIn): Promise<Response> {
  const asked = ctx.url.searchParams.get('mes');
  if (asked !== null && !isReportMonth(asked)) throw new HttpError(400, painelMessages.badQuery);
  const { timeZone } = ctx.app.env.scheduling;
  const month = asked ?? currentMonth(ctx.app.now(), timeZone);
  const [report, followupSkips] = await Promise.all([
    routingReport(ctx.app.store, month, timeZone),
    ctx.app.store.call<NonNullable<RoutingReportView['followupSkips']>>('lead_followup_skips', { month, time_zone: timeZone }),
  ]);
  return painelJson({ ...reportView(report), followupSkips } satisfies RoutingReportView);
}
