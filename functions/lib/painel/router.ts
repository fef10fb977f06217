// /api/painel/*: one function, routed here. Every route names who may call it; the session is checked
// before any handler runs, and every answer is private, uncached and unindexed (context.painelHeaders).
import { painelMessages } from '../../../src/domain/painel/copy';
import type { App } from '../app';
import { copy, guard, HttpError } from '../http';
import { clearedSessionCookie, clientNetwork, isSameOrigin, keyedHash, SESSION_IDLE_SECONDS, sessionToken, sha256Hex } from './auth';
import { painelHeaders, type PainelContext, type SignedIn } from './context';
import { exportLeads, exportMeetings } from './handlers/exports';
import { resendDelivery } from './handlers/integrations';
import { resendAllFailed, showIntegrations } from './handlers/integrations-screen';
import { showFollowupHealth } from './handlers/followup-health';
import { eraseLead, exportLeadData, listLeads, previewErase, showLead } from './handlers/leads';
import { createDeal, listDeals, updateDeal } from './handlers/deals';
import { countMeetings, listMeetings, recordOutcome, showMeeting } from './handlers/meetings';
import { cancelFromPainel, rescheduleFromPainel } from './handlers/cancel';
import { sendRebookFromPainel } from './handlers/rebook';
import { requestCode, session, signIn, signOut } from './handlers/session';
import { listActivity, listTeam, runOwnAgendaCommand, runTeamCommand, showOwnAgenda } from './handlers/team';
import { showReport } from './handlers/report';
import { saveRules, showRules } from './handlers/rules';
import { exportNumbers, showNumbers, showToday } from './handlers/numbers';
import { exportCampaignMoney, showCampaignMoney } from './handlers/campaign-money';
import { importSpend, saveCampaignMap, showSpend, undoSpend } from './handlers/spend';
import { showWeek } from './handlers/week';
import { painelStore } from './store';

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
  route('POST', 'codigo', 'anyone', requestCode),
  route('POST', 'entrar', 'anyone', signIn),
  route('GET', 'sessao', 'optional', session),
  route('POST', 'sair', 'signed-in', signOut(false)),
  route('POST', 'sair-de-todos', 'signed-in', signOut(true)),
  route('GET', 'reunioes', 'signed-in', listMeetings),
  // Before 'reunioes/*': the first route of a method that matches answers.
  route('GET', 'reunioes/contagem', 'signed-in', countMeetings),
  route('GET', 'reunioes/*', 'signed-in', showMeeting),
  route('POST', 'reunioes/*/desfecho', 'signed-in', recordOutcome),
  route('POST', 'reunioes/*/cancelar', 'signed-in', cancelFromPainel),
  route('POST', 'reunioes/*/reagendar', 'signed-in', rescheduleFromPainel),
  route('POST', 'reunioes/*/link-reagendar', 'signed-in', sendRebookFromPainel),
  route('GET', 'leads', 'signed-in', listLeads),
  route('GET', 'leads/*', 'signed-in', showLead),
  route('GET', 'leads/*/dados', 'mentor', exportLeadData),
  route('GET', 'leads/*/excluir', 'mentor', previewErase),
  route('POST', 'leads/*/excluir', 'mentor', eraseLead),
  route('POST', 'leads/*/reenviar', 'mentor', resendDelivery),
  route('GET', 'leads/*/negociacoes', 'signed-in', listDeals),
  route('POST', 'leads/*/negociacoes', 'signed-in', createDeal),
  route('POST', 'negociacoes/*', 'signed-in', updateDeal),
  route('GET', 'exportar/reunioes', 'mentor', exportMeetings),
  route('GET', 'exportar/leads', 'mentor', exportLeads),
  route('GET', 'equipe', 'mentor', listTeam),
  route('POST', 'equipe', 'mentor', runTeamCommand),
  route('GET', 'minha-agenda', 'signed-in', showOwnAgenda),
  route('POST', 'minha-agenda', 'signed-in', runOwnAgendaCommand),
  route('GET', 'atividade', 'mentor', listActivity),
  route('GET', 'relatorio', 'mentor', showReport),
  route('GET', 'regras', 'mentor', showRules),
  route('POST', 'regras', 'mentor', saveRules),
  route('GET', 'integracoes', 'mentor', showIntegrations),
  route('POST', 'integracoes/reenviar', 'mentor', resendAllFailed),
  route('GET', 'integracoes/lembrete', 'mentor', showFollowupHealth),
  route('GET', 'numeros', 'signed-in', showNumbers),
  route('GET', 'exportar/numeros', 'signed-in', exportNumbers),
  route('GET', 'numeros/campanhas', 'signed-in', showCampaignMoney),
  route('GET', 'exportar/campanhas', 'signed-in', exportCampaignMoney),
  route('GET', 'hoje', 'signed-in', showToday),
  route('GET', 'semana', 'signed-in', showWeek),
  route('GET', 'gastos', 'mentor', showSpend),
  route('POST', 'gastos', 'mentor', importSpend),
  route('POST', 'gastos/*/desfazer', 'mentor', undoSpend),
  route('POST', 'campanhas', 'mentor', saveCampaignMap),
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
