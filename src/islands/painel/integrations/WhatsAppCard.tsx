// The WhatsApp card on Integrações: configured or not (the settings' names only), today's messages by their
// last status, the ones waiting, the latest failures with Meta's reason in pt-BR (src/domain/whatsapp-errors.ts)
// and the setup steps. Its own request, so a slow or failed answer leaves the other cards as they are.
import type { MouseEvent } from 'react';
import { placeHash } from '../../../domain/painel/address';
import {
  WHATSAPP_TODAY_STATUSES, whatsappHealthCopy as copy, whatsappHealthPath, type WhatsAppHealth,
} from '../../../domain/painel/whatsapp-health';
import { WHATSAPP_KIND_WORDS, WHATSAPP_STATUS_WORDS } from '../../../domain/whatsapp';
import { explainWhatsAppError } from '../../../domain/whatsapp-errors';
import { dateTimeOf } from '../format';
import { badge } from '../labels';
import { ui } from '../styles';
import { RetryAlert } from '../ui';
import { useResource } from '../useResource';

interface Props {
  onOpenLead: (id: string, opener: HTMLElement | null) => void;
}

const setupLook = { on: 'bg-emerald-100 text-emerald-900', off: 'bg-slate-200 text-slate-800', incomplete: 'bg-amber-100 text-amber-900' } as const;

export default function WhatsAppCard({ onOpenLead }: Props) {
  const { state, reload } = useResource<WhatsAppHealth>(whatsappHealthPath);
  const id = 'integracao-whatsapp';
  return (
    <section aria-labelledby={id} className={`${ui.card} grid gap-4`} data-whatsapp-card>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={id} className={`${ui.subheading} ${ui.wrap}`}>{copy.title}</h3>
        {state.phase === 'ready' && <span className={`${badge} ${setupLook[state.data.setup.state]}`}>{copy.setup[state.data.setup.state]}</span>}
      </div>
      {state.phase === 'loading' && <p role="status" className="text-slate-600">Carregando…</p>}
      {state.phase === 'error' && <RetryAlert error={state.error} onRetry={() => void reload()} />}
      {state.phase === 'ready' && <Health h={state.data} onOpenLead={onOpenLead} />}
    </section>
  );
}

function Health({ h, onOpenLead }: { h: WhatsAppHealth; onOpenLead: Props['onOpenLead'] }) {
  const open = (leadId: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    onOpenLead(leadId, e.currentTarget);
  };
  const line = h.setup.state === 'on' ? copy.onLine(h.setup.holdoutPercent) : h.setup.state === 'off' ? copy.offLine : copy.incompleteLine(h.setup.problems);
  return (
    <>
      <p className={`text-slate-800 ${ui.wrap}`}>{line}</p>
      <div className="grid gap-2">
        <h4 className="font-semibold text-slate-900">{copy.todayTitle}</h4>
        <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
          {WHATSAPP_TODAY_STATUSES.map((status) => (
            <div key={status} className="rounded-xl border border-slate-200 px-2 py-2">
              <dt className={`text-sm text-slate-600 ${ui.wrap}`}>{WHATSAPP_STATUS_WORDS[status]}</dt>
              <dd className="text-2xl font-bold tabular-nums text-slate-900">{h.today[status] ?? 0}</dd>
            </div>
          ))}
          <div className="rounded-xl border border-slate-200 px-2 py-2">
            <dt className="text-sm text-slate-600">{copy.waiting}</dt>
            <dd className="text-2xl font-bold tabular-nums text-slate-900">{h.waiting}</dd>
          </div>
        </dl>
      </div>
      <div className="grid gap-2">
        <h4 className="font-semibold text-slate-900">{copy.failuresTitle}</h4>
        {h.failures.length === 0 ? (
          <p className="text-slate-600">{copy.noFailures}</p>
        ) : (
          <ul className="grid gap-2">
            {h.failures.map((f) => (
              <li key={f.id} className="rounded-xl border border-red-200 px-3 py-2">
                <a href={placeHash({ kind: 'lead', id: f.leadId })} onClick={open(f.leadId)} className={ui.link}>{f.leadName}</a>
                <p className="text-sm text-slate-700">
                  {WHATSAPP_KIND_WORDS[f.kind]} · {WHATSAPP_STATUS_WORDS[f.status]} · {dateTimeOf(f.at)}
                </p>
                <p className={`text-sm font-medium text-slate-900 ${ui.wrap}`}>{explainWhatsAppError(f.errorCode, f.errorTitle)}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
      <details open={h.setup.state !== 'on' || undefined}>
        <summary className={`inline-flex min-h-11 cursor-pointer items-center font-semibold text-slate-900 ${ui.focusRing}`}>{copy.setupTitle}</summary>
        <ol className="mt-2 grid list-decimal gap-2 pl-5 text-slate-800">
          {copy.setupSteps(h.webhookUrl).map((step) => <li key={step} className={ui.wrap}>{step}</li>)}
        </ol>
      </details>
    </>
  );
}
