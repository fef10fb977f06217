// /api/painel/*: one function, routed here. Every route names who may call it; the session is checked
// before any handler runs, and every answer is private, uncached and unindexed (context.painelHeaders).
import { painelMessages } from '../../../src/domain/painel/copy';
import type { App } from '../app';
import { copy, guard, HttpError } from '../http';
import { clearedSessionCookie, clientNetwork, isSameOrigin, keyedHash, SESSION_IDLE_SECONDS, sessionToken, sha256Hex } from './auth';
import { painelHeaders, type PainelContext, type SignedIn } from './context';
import { painelStore } from './store';

// Each route's handler module is loaded on its first call, not with the function: in the one-file bundle
// (scripts/build/functions.mjs) an import() is a module initialised when first called, so a cold instance
// runs the top-level code (zod schemas, the routing rules' classic zod) of the screens it is asked for only.
// Measured: docs/operations.md "Cold start". The table below, its paths and its access rules are unchanged.
/** The handler `pick` chooses from the module `load` imports, imported on the route's first call (import() keeps it after). */
const lazy =
  <M, C>(load: () => Promise<M>, pick: (m: M) => (ctx: C) => Promise<Response>) =>
  async (ctx: C): Promise<Response> =>
    pick(await load())(ctx);

const exportsModule = () => import('./handlers/exports');
const integrationsModule = () => import('./handlers/integrations');
const integrationsScreenModule = () => import('./handlers/integrations-screen');
const conversionsModule = () => import('./handlers/conversions');
const followupHealthModule = () => import('./handlers/followup-health');
const whatsappHealthModule = () => import('./handlers/whatsapp-health');
const leadsModule = () => import('./handlers/leads');
const dealsModule = () => import('./handlers/deals');
const meetingsModule = () => import('./handlers/meetings');
const cancelModule = () => import('./handlers/cancel');
const rebookModule = () => import('./handlers/rebook');
const orphanedModule = () => import('./handlers/orphaned');
const sessionModule = () => import('./handlers/session');
const teamModule = () => import('./handlers/team');
const reportModule = () => import('./handlers/report');
const rulesModule = () => import('./handlers/rules');
const numbersModule = () => import('./handlers/numbers');
const campaignMoneyModule = () => import('./handlers/campaign-money');
const whatsappShowRateModule = () => import('./handlers/whatsapp-show-rate');
const spendModule = () => import('./handlers/spend');
const weekModule = () => import('./handlers/week');
const googleFileModule = () => import('./handlers/google-file');

/** 'anyone': no session read; 'optional': the session if there is one (viewer may be null); else required. */
type Access = 'anyone' | 'optional' | 'signed-in' | 'mentor';
type Route<A extends Access = Access> = {
  method: 'GET' | 'POST';
  /** Path segments after /api/painel/; '*' matches any one segment (an id). */
  path: string[];
  access: A;
  handle: (ctx: A extends 'anyone' | 'optional' ? PainelContext : SignedIn) => Promise<Response>;
};

const route = <A extends Access>(method: Route['method'], path: string, access: A, handle: Route<A>['handle']): Route =>
  ({ method, path: path.split('/'), access, handle }) as Route;

export const routes: Route[] = [
  route('POST', 'codigo', 'anyone', lazy(sessionModule, (m) => m.requestCode)),
  route('POST', 'entrar', 'anyone', lazy(sessionModule, (m) => m.signIn)),
  route('GET', 'sessao', 'optional', lazy(sessionModule, (m) => m.session)),
  route('POST', 'sair', 'signed-in', lazy(sessionModule, (m) => m.signOut(false))),
  route('POST', 'sair-de-todos', 'signed-in', lazy(sessionModule, (m) => m.signOut(true))),
  route('GET', 'reunioes', 'signed-in', lazy(meetingsModule, (m) => m.listMeetings)),
  // Before 'reunioes/*': the first route of a method that matches answers.
  route('GET', 'reunioes/contagem', 'signed-in', lazy(meetingsModule, (m) => m.countMeetings)),
  route('GET', 'reunioes/*', 'signed-in', lazy(meetingsModule, (m) => m.showMeeting)),
  route('POST', 'reunioes/*/desfecho', 'signed-in', lazy(meetingsModule, (m) => m.recordOutcome)),
  route('POST', 'reunioes/*/cancelar', 'signed-in', lazy(cancelModule, (m) => m.cancelFromPainel)),
  route('POST', 'reunioes/*/reagendar', 'signed-in', lazy(cancelModule, (m) => m.rescheduleFromPainel)),
  route('POST', 'reunioes/*/link-reagendar', 'signed-in', lazy(rebookModule, (m) => m.sendRebookFromPainel)),
  route('POST', 'reunioes/*/outro-consultor', 'signed-in', lazy(orphanedModule, (m) => m.reassignOrphan)),
  route('POST', 'reunioes/*/manter', 'signed-in', lazy(orphanedModule, (m) => m.keepOrphan)),
  route('GET', 'leads', 'signed-in', lazy(leadsModule, (m) => m.listLeads)),
  route('GET', 'leads/*', 'signed-in', lazy(leadsModule, (m) => m.showLead)),
  route('GET', 'leads/*/dados', 'mentor', lazy(leadsModule, (m) => m.exportLeadData)),
  route('GET', 'leads/*/excluir', 'mentor', lazy(leadsModule, (m) => m.previewErase)),
  route('POST', 'leads/*/excluir', 'mentor', lazy(leadsModule, (m) => m.eraseLead)),
  route('POST', 'leads/*/reenviar', 'mentor', lazy(integrationsModule, (m) => m.resendDelivery)),
  route('GET', 'leads/*/conversoes', 'mentor', lazy(conversionsModule, (m) => m.listLeadConversions)),
  route('POST', 'leads/*/conversoes/reenviar', 'mentor', lazy(conversionsModule, (m) => m.resendConversion)),
  route('GET', 'leads/*/negociacoes', 'signed-in', lazy(dealsModule, (m) => m.listDeals)),
  route('POST', 'leads/*/negociacoes', 'signed-in', lazy(dealsModule, (m) => m.createDeal)),
  route('POST', 'negociacoes/*', 'signed-in', lazy(dealsModule, (m) => m.updateDeal)),
  route('GET', 'exportar/negociacoes', 'signed-in', lazy(dealsModule, (m) => m.exportDeals)),
  route('GET', 'exportar/reunioes', 'mentor', lazy(exportsModule, (m) => m.exportMeetings)),
  route('GET', 'exportar/leads', 'mentor', lazy(exportsModule, (m) => m.exportLeads)),
  route('GET', 'equipe', 'mentor', lazy(teamModule, (m) => m.listTeam)),
  route('POST', 'equipe', 'mentor', lazy(teamModule, (m) => m.runTeamCommand)),
  route('GET', 'minha-agenda', 'signed-in', lazy(teamModule, (m) => m.showOwnAgenda)),
  route('POST', 'minha-agenda', 'signed-in', lazy(teamModule, (m) => m.runOwnAgendaCommand)),
  route('GET', 'atividade', 'mentor', lazy(teamModule, (m) => m.listActivity)),
  route('GET', 'relatorio', 'mentor', lazy(reportModule, (m) => m.showReport)),
  route('GET', 'regras', 'mentor', lazy(rulesModule, (m) => m.showRules)),
  route('POST', 'regras', 'mentor', lazy(rulesModule, (m) => m.saveRules)),
  route('POST', 'regras/pausa', 'mentor', lazy(rulesModule, (m) => m.pauseRule)),
  route('GET', 'integracoes', 'mentor', lazy(integrationsScreenModule, (m) => m.showIntegrations)),
  route('POST', 'integracoes/reenviar', 'mentor', lazy(integrationsScreenModule, (m) => m.resendAllFailed)),
  route('GET', 'integracoes/lembrete', 'mentor', lazy(followupHealthModule, (m) => m.showFollowupHealth)),
  route('GET', 'integracoes/conversoes', 'mentor', lazy(conversionsModule, (m) => m.showConversionSummary)),
  route('GET', 'medicao', 'mentor', lazy(conversionsModule, (m) => m.showMeasurement)),
  route('POST', 'medicao', 'mentor', lazy(conversionsModule, (m) => m.saveMeasurement)),
  route('GET', 'google-arquivo', 'mentor', lazy(googleFileModule, (m) => m.showGoogleFile)),
  route('POST', 'google-arquivo', 'mentor', lazy(googleFileModule, (m) => m.saveGoogleNames)),
  route('POST', 'google-arquivo/novo-link', 'mentor', lazy(googleFileModule, (m) => m.rotateGoogleLink)),
  route('GET', 'integracoes/whatsapp', 'mentor', lazy(whatsappHealthModule, (m) => m.showWhatsAppHealth)),
  route('GET', 'numeros', 'signed-in', lazy(numbersModule, (m) => m.showNumbers)),
  route('GET', 'exportar/numeros', 'signed-in', lazy(numbersModule, (m) => m.exportNumbers)),
  route('GET', 'numeros/campanhas', 'signed-in', lazy(campaignMoneyModule, (m) => m.showCampaignMoney)),
  route('GET', 'exportar/campanhas', 'signed-in', lazy(campaignMoneyModule, (m) => m.exportCampaignMoney)),
  route('GET', 'numeros/whatsapp', 'signed-in', lazy(whatsappShowRateModule, (m) => m.showWhatsAppShowRate)),
  route('GET', 'hoje', 'signed-in', lazy(numbersModule, (m) => m.showToday)),
  route('GET', 'semana', 'signed-in', lazy(weekModule, (m) => m.showWeek)),
  route('GET', 'gastos', 'mentor', lazy(spendModule, (m) => m.showSpend)),
  route('POST', 'gastos', 'mentor', lazy(spendModule, (m) => m.importSpend)),
  route('POST', 'gastos/*/desfazer', 'mentor', lazy(spendModule, (m) => m.undoSpend)),
  route('POST', 'campanhas', 'mentor', lazy(spendModule, (m) => m.saveCampaignMap)),
];

const matches = (path: string[], segments: string[]) => path.length === segments.length && path.every((p, i) => p === '*' || p === segments[i]);

type FunctionContext = { ip?: string; waitUntil?: (p: Promise<unknown>) => void };

export function createPainelHandler(getApp: () => Promise<App>) {
  return async (req: Request, context?: FunctionContext): Promise<Response> => {
    const answer = await guard('painel', async () => {
      const url = new URL(req.url);
      const segments = url.pathname.replace(/^\/api\/painel\/?/, '').replace(/\/$/, '').split('/');
      const candidates = routes.filter((r) => matches(r.path, segments));
      if (candidates.length === 0) throw new HttpError(404, painelMessages.notFound);
      const method = req.method === 'HEAD' ? 'GET' : req.method;
      const found = candidates.find((r) => r.method === method);
      if (!found) throw new HttpError(405, copy.method, { allow: [...new Set(candidates.map((r) => r.method))].join(', ') });
      const app = await getApp();
      if (found.method === 'POST' && !isSameOrigin(req, app.env.siteUrl)) throw new HttpError(403, painelMessages.crossOrigin);
      const painel = painelStore(app.store);
      const ctx: PainelContext = {
        req, url, app, painel, segments, ipHash: keyedHash(app.env.painel.hashKey, clientNetwork(context?.ip ?? 'unknown')), viewer: null, sessionHash: null,
        waitUntil: context?.waitUntil,
      };
      if (found.access === 'anyone') return found.handle(ctx as SignedIn);
      const token = sessionToken(req);
      ctx.sessionHash = token ? sha256Hex(token) : null;
      ctx.viewer = ctx.sessionHash ? await painel.session(ctx.sessionHash, app.env.painel.mentors, SESSION_IDLE_SECONDS, app.now()) : null;
      if (!ctx.viewer && found.access === 'optional') return found.handle(ctx as SignedIn);
      if (!ctx.viewer) throw new HttpError(401, painelMessages.signedOut, token ? { 'set-cookie': clearedSessionCookie } : {});
      if (found.access === 'mentor' && ctx.viewer.role !== 'mentor') throw new HttpError(403, painelMessages.forbidden);
      return found.handle(ctx as SignedIn);
    });
    // Errors answered by guard carry the shared API headers: the console's replace them.
    for (const [name, value] of Object.entries(painelHeaders)) answer.headers.set(name, value);
    return answer;
  };
}
