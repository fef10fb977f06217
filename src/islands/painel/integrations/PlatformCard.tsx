// One ad platform's card on Integrações: configured or not, the last send, counts by state today and in
// 7 days (a table: states by period), the latest refusals with the platform's reason in pt-BR and a link to
// the lead, and the setup steps. Google's card also holds the offline-conversion file's block (children).
import type { MouseEvent, ReactNode } from 'react';
import {
  CONVERSION_STATES, conversionPlatformLabel, conversionReasonText, conversionStageLabel, conversionStateLabel, type ConversionSummary,
} from '../../../domain/conversions';
import { placeHash } from '../../../domain/painel/address';
import { conversionSetup, platformCopy as copy } from '../../../domain/painel/conversions-screen';
import { dateTimeOf } from '../format';
import { badge } from '../labels';
import { ui } from '../styles';

interface Props {
  summary: ConversionSummary;
  /** Whether the platform's route is set up (Google: the Data Manager API or the file's link). */
  configured: boolean;
  onOpenLead: (id: string, opener: HTMLElement | null) => void;
  children?: ReactNode;
}

export function PlatformCard({ summary: s, configured, onOpenLead, children }: Props) {
  const id = `conversoes-${s.platform}`;
  const open = (leadId: string) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    onOpenLead(leadId, e.currentTarget);
  };
  return (
    <section aria-labelledby={id} className={`${ui.card} grid gap-4`} data-platform={s.platform}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={id} className={ui.subheading}>{conversionPlatformLabel[s.platform]}</h3>
        <span className={`${badge} ${configured ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}>
          {configured ? copy.configured : copy.notConfigured}
        </span>
      </div>
      {s.platform === 'google' && <p className={`text-slate-800 ${ui.wrap}`}>{s.enabled ? copy.googleApi.on : copy.googleApi.off}</p>}
      <p className="font-medium text-slate-900" data-testid={`ultimo-envio-${s.platform}`}>
        {s.lastSentAt ? `${copy.lastSent}: ${dateTimeOf(s.lastSentAt)}` : copy.neverSent}
      </p>
      <table className="w-full border-collapse text-left">
        <caption className="sr-only">{`${copy.countsCaption}: ${conversionPlatformLabel[s.platform]}`}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-sm text-slate-600">
            <th scope="col" className="py-1 font-medium">{copy.columns.state}</th>
            <th scope="col" className="py-1 text-right font-medium">{copy.columns.today}</th>
            <th scope="col" className="py-1 text-right font-medium">{copy.columns.last7Days}</th>
          </tr>
        </thead>
        <tbody>
          {CONVERSION_STATES.map((state) => (
            <tr key={state} className="border-b border-slate-100" data-state={state}>
              <th scope="row" className="py-1.5 font-normal text-slate-800">{conversionStateLabel[state]}</th>
              <td className="py-1.5 text-right font-semibold tabular-nums text-slate-900">{s.today[state] ?? 0}</td>
              <td className="py-1.5 text-right font-semibold tabular-nums text-slate-900">{s.last7Days[state] ?? 0}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="grid gap-2">
        <h4 className="font-semibold text-slate-900">{copy.refusalsTitle}</h4>
        {s.refusals.length === 0 ? (
          <p className="text-slate-600">{copy.noRefusals}</p>
        ) : (
          <ul className="grid gap-2">
            {s.refusals.map((r) => (
              <li key={r.id} className="rounded-xl border border-red-200 px-3 py-2">
                {r.leadId ? (
                  <a href={placeHash({ kind: 'lead', id: r.leadId })} onClick={open(r.leadId)} className={ui.link}>{r.leadName ?? copy.erasedLead}</a>
                ) : (
                  <p className="font-semibold text-slate-900">{copy.erasedLead}</p>
                )}
                <p className="text-sm text-slate-700">{conversionStageLabel[r.stage]} · {dateTimeOf(r.at)}{r.status !== null ? ` · HTTP ${r.status}` : ''}</p>
                {r.reason && <p className={`text-sm font-medium text-slate-900 ${ui.wrap}`}>{conversionReasonText('recusado', r.reason)}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
      {children}
      <details open={!configured || undefined}>
        <summary className={`inline-flex min-h-11 cursor-pointer items-center font-semibold text-slate-900 ${ui.focusRing}`}>{copy.setupTitle}</summary>
        <ol className="mt-2 grid list-decimal gap-2 pl-5 text-slate-800">
          {conversionSetup[s.platform].map((step) => <li key={step} className={ui.wrap}>{step}</li>)}
        </ol>
      </details>
    </section>
  );
}
