// "Relatório do mês" (Equipe): the report `npm run consultants -- report [AAAA-MM]` prints, per consultant
// as a card (seven columns do not fit 390 px), with the same words (domain/scheduling/routing-report.ts).
import { useRef, useState } from 'react';
import { painelPaths } from '../../../domain/painel/api';
import { reportCells, reportCopy, type RoutingReportView } from '../../../domain/scheduling/routing-report';
import { request } from '../api';
import { Facts } from '../Facts';
import { useFocusLater } from '../focus';
import { recentMonths } from '../../../domain/painel/months';
import { SelectField } from '../form/Field';
import { BusyButton, PainelForm } from '../form/PainelForm';
import { useFormSubmit } from '../form/useFormSubmit';
import { ui } from '../styles';
import { RetryAlert } from '../ui';
import { timeZone } from '../format';

const thisMonth = () => new Date().toLocaleDateString('en-CA', { timeZone }).slice(0, 7);

export function ReportPanel() {
  const [month, setMonth] = useState(thisMonth);
  // Picked from a list (two years back), not typed: every value is a month the report takes.
  const [months] = useState(() => recentMonths(thisMonth(), 24));
  const [failure, setFailure] = useState<string | null>(null);
  const [report, setReport] = useState<RoutingReportView | null>(null);
  const form = useFormSubmit<never>();
  const result = useRef<HTMLHeadingElement>(null);
  const focusLater = useFocusLater();

  async function load() {
    const answer = await form.send(() => request<RoutingReportView>(`${painelPaths.report}?mes=${month}`));
    if (!answer) return;
    setFailure(answer.ok ? null : answer.error);
    setReport(answer.ok ? answer.data : null);
    if (answer.ok) focusLater(result);
  }

  return (
    <section aria-labelledby="equipe-relatorio" className={`${ui.card} grid gap-4`}>
      <h3 id="equipe-relatorio" className={ui.subheading}>
        Relatório do mês
      </h3>
      <PainelForm form={form} onSubmit={() => void load()} aria-label="Escolher o mês do relatório" className="grid gap-3 sm:flex sm:items-start">
        <SelectField id="equipe-relatorio-mes" label="Mês" value={month} onValue={setMonth} options={months} />
        <BusyButton busy={form.busy} label="Ver relatório" className={`${ui.secondary} sm:mt-7`} />
      </PainelForm>
      {failure && <RetryAlert error={failure} onRetry={() => void load()} />}
      {report && (
        <div className="grid gap-3">
          <h4 ref={result} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
            {reportCopy.title(report.month)}
          </h4>
          <ul className="grid gap-3 sm:grid-cols-2">
            {report.consultants.map((c, i) => {
              const [name, ...cells] = reportCells(c);
              return (
                <li key={i} className="rounded-xl border border-slate-200 px-3 py-2">
                  <p className={`font-semibold text-slate-900 ${ui.wrap}`}>{name}</p>
                  <Facts rows={cells.map((cell, i): [string, string] => [reportCopy.columns[i + 1], cell])} />
                </li>
              );
            })}
          </ul>
          <p className="font-medium text-slate-900">{reportCopy.leads(report.leads, report.leadsBooked)}</p>
          {report.followupSkips && <p className="text-slate-800">{reportCopy.followupSkips(report.followupSkips)}</p>}
          <p className={ui.hint}>{reportCopy.note}</p>
        </div>
      )}
    </section>
  );
}
