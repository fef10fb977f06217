// "Conversões para os anúncios" on a lead (mentor): each conversion sent (or not) to Meta and Google Ads,
// with its state and, when it was skipped or refused, why in pt-BR; "Reenviar" for a refused one (the
// answer is announced in a status line that takes the focus, a refusal in an alert). Its own request: the
// lead's page does not wait for it.
import {
  conversionPlatformLabel, conversionReasonText, conversionStageLabel, conversionStateLabel, type ConversionEvent, type ConversionState,
} from '../../../domain/conversions';
import { conversionPaths, leadConversionsCopy as copy, type ConversionResendInput } from '../../../domain/painel/conversions-screen';
import { request } from '../api';
import { dateTimeOf } from '../format';
import { BusyButton } from '../form/PainelForm';
import { useFormSubmit } from '../form/useFormSubmit';
import { badge } from '../labels';
import { ui } from '../styles';
import { Notice, RetryAlert } from '../ui';
import { useResource } from '../useResource';

/** Badge colours by state, AA on their background. */
const stateLook: Record<ConversionState, string> = {
  enviado: 'bg-emerald-100 text-emerald-900',
  pendente: 'bg-slate-200 text-slate-800',
  recusado: 'bg-red-100 text-red-900',
  pulado: 'bg-amber-100 text-amber-900',
};

export function LeadConversions({ leadId }: { leadId: string }) {
  const { state, replace, reload } = useResource<ConversionEvent[]>(conversionPaths.lead(leadId));
  const form = useFormSubmit();

  async function resend(event: ConversionEvent) {
    const result = await form.send(() => request<ConversionEvent[]>(conversionPaths.resend(leadId), { method: 'POST', body: { event: event.id } satisfies ConversionResendInput }), event.id);
    if (!result) return;
    if (!result.ok) return form.setMessage({ kind: 'alert', text: result.error });
    replace(result.data);
    form.setMessage({ kind: 'status', text: copy.resent });
  }

  if (state.phase === 'loading') return <p role="status" className="text-slate-600">Carregando…</p>;
  if (state.phase === 'error') return <RetryAlert error={state.error} onRetry={() => void reload()} />;
  return (
    <div className="grid gap-2">
      <Notice message={form.message} focus />
      {state.data.length === 0 ? (
        <p className="text-slate-600">{copy.none}</p>
      ) : (
        <ul className="grid gap-2" data-testid="conversoes-do-lead">
          {state.data.map((e) => {
            const reason = conversionReasonText(e.state, e.reason);
            return (
              <li key={e.id} className="rounded-xl border border-slate-200 px-3 py-2" data-platform={e.platform} data-stage={e.stage} data-state={e.state}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-slate-900">{conversionPlatformLabel[e.platform]} · {conversionStageLabel[e.stage]}</span>
                  <span className={`${badge} ${stateLook[e.state]}`}>{conversionStateLabel[e.state]}</span>
                </div>
                <p className="text-sm text-slate-700">{dateTimeOf(e.at)}{e.attempts > 0 ? ` · ${copy.attempts(e.attempts)}` : ''}{e.status !== null ? ` · HTTP ${e.status}` : ''}</p>
                {reason && <p className={`text-sm font-medium text-slate-900 ${ui.wrap}`}>{reason}</p>}
                {e.state === 'recusado' && (
                  <BusyButton
                    type="button" className={`${ui.small} mt-2`} busy={form.sending === e.id} label={copy.resend} busyLabel={copy.resending}
                    aria-label={`${copy.resend}: ${conversionPlatformLabel[e.platform]} · ${conversionStageLabel[e.stage]}`} onClick={() => void resend(e)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
