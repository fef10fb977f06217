// "Integrações" (mentor): RD Station and the webhook, each with its state in one line (integration-status.ts:
// "Funcionando" only after a success, "Tentando de novo (6) · HTTP 500 há 25 min · próxima tentativa 02:57",
// "Pausado desde … · 10 envios na fila"), today's sent / failing / waiting counts, the latest failures with
// the lead's name (a link to the lead) and a pt-BR explanation of the error, "Reenviar todos com falha"
// (its answer says what it did), and the setup steps; below them, the conversions sent back to Google and
// Meta (ConversionsSection), WhatsApp's (WhatsAppCard) and the follow-up mail's budgets (FollowupCard).
import type { MouseEvent } from 'react';
import { placeHash } from '../../../domain/painel/address';
import { painelPaths } from '../../../domain/painel/api';
import { integrationCopy } from '../../../domain/painel/copy';
import { explainError, integrationsScreen as copy, type IntegrationSummary, type ResendAllInput } from '../../../domain/painel/integrations';
import { request } from '../api';
import { dateTimeOf, wallClock } from '../format';
import { describeIntegration, resendAnswer, type IntegrationStatusView, type ResendAllResult } from '../../../domain/painel/integration-status';
import { badge } from '../labels';
import { BusyButton } from '../form/PainelForm';
import { useFormSubmit } from '../form/useFormSubmit';
import { ui } from '../styles';
import { Notice, RetryAlert, ScreenHeading } from '../ui';
import { useResource } from '../useResource';
import ConversionsSection from './ConversionsSection';
import FollowupCard from './FollowupCard';
import WhatsAppCard from './WhatsAppCard';
import { Skeleton } from '../Skeleton';

interface Props {
  focus: boolean;
  onOpenLead: (id: string, opener: HTMLElement | null) => void;
}

export default function IntegrationsScreen({ focus, onOpenLead }: Props) {
  const { state, replace, reload } = useResource<IntegrationSummary[]>(painelPaths.integrations);
  // The target being resent is the send's tag: its card's button is the busy one.
  const form = useFormSubmit();

  async function resendAll(target: IntegrationSummary['target']) {
    const result = await form.send(() => request<ResendAllResult & { summary: IntegrationSummary[] }>(painelPaths.resendAll, { method: 'POST', body: { target } satisfies ResendAllInput }), target);
    if (!result) return;
    if (!result.ok) return form.setMessage({ kind: 'alert', text: result.error });
    replace(result.data.summary);
    form.setMessage({ kind: 'status', text: resendAnswer(target, result.data) });
  }

  return (
    <section aria-labelledby="painel-secao-integrations" className="grid gap-5">
      <ScreenHeading id="painel-secao-integrations" focus={focus}>
        {copy.title}
      </ScreenHeading>
      <p className="text-slate-700">{copy.intro}</p>
      <Notice message={form.message} focus />
      {state.phase === 'loading' && <Skeleton />}
      {state.phase === 'error' && <RetryAlert error={state.error} onRetry={() => void reload()} />}
      {state.phase === 'ready' &&
        state.data.map((t) => <TargetCard key={t.target} summary={t} busy={form.sending === t.target} onResendAll={() => void resendAll(t.target)} onOpenLead={onOpenLead} />)}
      <ConversionsSection onOpenLead={onOpenLead} />
      <WhatsAppCard onOpenLead={onOpenLead} />
      <FollowupCard />
    </section>
  );
}

/** Badge colours by tone, AA on their background. */
const toneLook: Record<IntegrationStatusView['tone'], string> = {
  ok: 'bg-emerald-100 text-emerald-900',
  warn: 'bg-amber-100 text-amber-900',
  bad: 'bg-red-100 text-red-900',
  off: 'bg-slate-200 text-slate-800',
};

interface CardProps {
  summary: IntegrationSummary;
  busy: boolean;
  onResendAll: () => void;
  onOpenLead: Props['onOpenLead'];
}

function TargetCard({ summary: t, busy, onResendAll, onOpenLead }: CardProps) {
  const name = integrationCopy.targets[t.target];
  const id = `integracao-${t.target}`;
  const now = describeIntegration(t, new Date(), wallClock);
  const counts = { sentToday: t.sentToday, failing: t.gaveUp + t.retrying, waiting: t.queued - t.retrying };
  const open = (leadId: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    onOpenLead(leadId, e.currentTarget);
  };
  return (
    <section aria-labelledby={id} className={`${ui.card} grid gap-4`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={id} className={ui.subheading}>{name}</h3>
        <span className={`${badge} ${toneLook[now.tone]}`}>{now.label}</span>
      </div>
      <p className={`font-medium text-slate-900 ${ui.wrap}`} data-integration-status={now.state}>{now.line}</p>
      {now.state === 'paused' && <p className={`text-slate-800 ${ui.wrap}`}>{copy.pausedHelp(t.target)}</p>}
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(['sentToday', 'failing', 'waiting'] as const).map((key) => (
          <div key={key} className="rounded-xl border border-slate-200 px-2 py-2">
            <dt className="text-sm text-slate-600">{copy.counts[key]}</dt>
            <dd className="text-2xl font-bold tabular-nums text-slate-900">{counts[key]}</dd>
          </div>
        ))}
      </dl>
      {(counts.failing > 0 || t.pausedAt) && (
        <div>
          <BusyButton type="button" onClick={onResendAll} busy={busy} label={copy.resendAll} busyLabel={copy.resendingAll} className={ui.secondary} />
        </div>
      )}
      <div className="grid gap-2">
        <h4 className="font-semibold text-slate-900">{copy.failuresTitle}</h4>
        {t.failures.length === 0 ? (
          <p className="text-slate-600">{copy.noFailures}</p>
        ) : (
          <ul className="grid gap-2">
            {t.failures.map((f) => {
              const why = explainError(t.target, f.lastStatus, f.lastError);
              return (
                <li key={f.id} className="rounded-xl border border-red-200 px-3 py-2">
                  {f.leadId ? (
                    <a href={placeHash({ kind: 'lead', id: f.leadId })} onClick={open(f.leadId)} className={ui.link}>{f.leadName ?? copy.erasedLead}</a>
                  ) : (
                    <p className="font-semibold text-slate-900">{copy.erasedLead}</p>
                  )}
                  <p className="text-sm text-slate-700">
                    {integrationCopy.events[f.event] ?? f.event} · {f.retrying ? `${copy.retryAt} ${dateTimeOf(f.at)}` : dateTimeOf(f.at)}
                  </p>
                  {f.lastError && <p className={`text-sm text-slate-700 ${ui.wrap}`}><code>{f.lastError}</code></p>}
                  {why && <p className={`text-sm font-medium text-slate-900 ${ui.wrap}`}>{why}</p>}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <details open={!t.enabled || undefined}>
        <summary className={`inline-flex min-h-11 cursor-pointer items-center font-semibold text-slate-900 ${ui.focusRing}`}>{copy.setupTitle}</summary>
        <ol className="mt-2 grid list-decimal gap-2 pl-5 text-slate-800">
          {copy.setup[t.target].map((step) => <li key={step} className={ui.wrap}>{step}</li>)}
        </ol>
      </details>
    </section>
  );
}
