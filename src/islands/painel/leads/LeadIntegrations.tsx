// "Integrações": each RD Station conversion and webhook event of the lead, with where it stands (status,
// attempts, the receiver's last answer, when it went or goes next, RD's event_uuid). The mentor may
// "Reenviar" one that failed or is paused; the result is announced in a status line that takes the focus
// (the button goes away with the failure), an error in an alert.
import { painelPaths, type Delivery, type DeliveryStatus, type LeadView, type ResendInput } from '../../../domain/painel/api';
import { integrationCopy as copy } from '../../../domain/painel/copy';
import { explainError } from '../../../domain/painel/integrations';
import { describeIntegration, type IntegrationHealth } from '../../../domain/painel/integration-status';
import { request } from '../api';
import { dateTimeOf, wallClock } from '../format';
import { badge } from '../labels';
import { BusyButton } from '../form/PainelForm';
import { useFormSubmit } from '../form/useFormSubmit';
import { ui } from '../styles';
import { Notice } from '../ui';

/** Badge colours, AA on their background. */
const statusBadge: Record<DeliveryStatus, string> = {
  sent: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-slate-200 text-slate-800',
  retrying: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
  paused: 'bg-amber-100 text-amber-900',
};

const eventLabel = (event: string) => copy.events[event] ?? event;
const title = (d: Delivery) => `${copy.targets[d.target]} · ${eventLabel(d.event)}`;
export const canResend = (d: Delivery) => d.status === 'failed' || d.status === 'paused';

/** When it went, when it goes next, or when it failed. */
function when(d: Delivery): [string, string] | null {
  if (d.sentAt) return [copy.sentAt, dateTimeOf(d.sentAt)];
  if (d.nextAttemptAt && d.status === 'retrying') return [copy.nextAttempt, dateTimeOf(d.nextAttemptAt)];
  if (d.failedAt) return [copy.failedAt, dateTimeOf(d.failedAt)];
  return null;
}

function DeliveryFacts({ delivery: d }: { delivery: Delivery }) {
  const rows: [string, string][] = [
    [copy.attempts, String(d.attempts)],
    ...(d.lastStatus !== null ? [[copy.lastStatus, String(d.lastStatus)] as [string, string]] : []),
    ...(when(d) ? [when(d)!] : []),
    ...(d.eventUuid ? [[copy.eventUuid, d.eventUuid] as [string, string]] : []),
    ...(d.lastError ? [[copy.lastError, d.lastError] as [string, string]] : []),
  ];
  // What the receiver's answer means, in pt-BR (RD answers in English), while it is still to fix.
  const meaning = d.status === 'sent' ? null : explainError(d.target, d.lastStatus, d.lastError);
  if (meaning) rows.push([copy.meaning, meaning]);
  return (
    <dl className="mt-2 grid gap-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="flex flex-wrap gap-x-1.5">
          <dt className="text-slate-600">{term}:</dt>
          <dd className={`min-w-0 text-slate-900 ${ui.wrap}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface Props {
  leadId: string;
  deliveries: Delivery[];
  /** The state of each target with a delivery still to go: the Integrações card's own line. */
  health?: IntegrationHealth[];
  /** Only the mentor may resend (the endpoint refuses anyone else). */
  mentor: boolean;
  onResent: (lead: LeadView) => void;
}

export function LeadIntegrations({ leadId, deliveries, health = [], mentor, onResent }: Props) {
  // The delivery being resent is the send's tag: its button is the busy one, the others wait.
  const form = useFormSubmit();

  async function resend(d: Delivery) {
    const result = await form.send(() => request<LeadView>(painelPaths.resend(leadId), { method: 'POST', body: { delivery: d.id } satisfies ResendInput }), d.id);
    if (!result) return;
    if (!result.ok) return form.setMessage({ kind: 'alert', text: result.error });
    onResent(result.data);
    form.setMessage({ kind: 'status', text: copy.resent(copy.targets[d.target], eventLabel(d.event)) });
  }

  return (
    <div className="grid gap-3">
      <Notice message={form.message} focus />
      {health.length > 0 && (
        <ul className="grid gap-1" aria-label="Estado das integrações">
          {health.map((h) => (
            <li key={h.target} className={`text-sm text-slate-900 ${ui.wrap}`}>
              <span className="font-semibold">{copy.targets[h.target]}:</span> {describeIntegration(h, new Date(), wallClock).line}
            </li>
          ))}
        </ul>
      )}
      {deliveries.length === 0 ? (
        <p className="text-slate-600">{copy.none}</p>
      ) : (
        <ul className="grid gap-3">
          {deliveries.map((d) => (
            <li key={d.id} className="rounded-xl border border-slate-200 px-4 py-3" data-delivery={d.id}>
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <p className={`font-semibold text-slate-900 ${ui.wrap}`}>
                  {title(d)} <code className="text-sm font-normal text-slate-600">{d.event}</code>
                </p>
                <span className={`${badge} ${statusBadge[d.status]}`}>{copy.statuses[d.status]}</span>
              </div>
              <DeliveryFacts delivery={d} />
              {mentor && canResend(d) && (
                <BusyButton
                  type="button"
                  onClick={() => void resend(d)}
                  busy={form.sending === d.id}
                  disabled={form.busy}
                  label={copy.resend}
                  busyLabel={copy.resending}
                  aria-label={form.sending === d.id ? undefined : `${copy.resend}: ${title(d)}`}
                  className={`${ui.small} mt-3 w-full sm:w-auto`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
