// "Por que este consultor?": the stored why of the booking in one sentence (who, why, the rule), with the
// facts folded behind "Detalhes" in words (how it was decided, the counting window, each candidate with
// their reason and a sentence of their numbers) — the same parts as `npm run consultants -- why`, worded
// in one home (src/domain/scheduling/routing-why.ts). No ids and no replay jargon here: a stored decision
// that no longer replays is said in a sentence, to the mentor only (a consultant's answer is their own
// part and cannot be replayed: functions/lib/painel/why-scope.ts). Meetings booked before the router
// stored its reasons say so.
import type { MeetingView } from '../../../domain/painel/api';
import { detailsCopy, whyCopy, whyDetails, whyParts, whySentence } from '../../../domain/scheduling/routing-why';
import { Facts } from '../Facts';
import { badge } from '../labels';
import { ui } from '../styles';
import { timeZone } from '../format';

export function RoutingWhyPanel({ idPrefix, why }: { idPrefix: string; why: MeetingView['why'] }) {
  const heading = `${idPrefix}-porque`;
  const parts = why ? whyParts(why.routing, why.names, timeZone, () => detailsCopy.gone) : null;
  const details = why && parts ? whyDetails(parts, Boolean(why.partial)) : null;
  return (
    <section aria-labelledby={heading} className={ui.card}>
      <h3 id={heading} className={ui.subheading}>
        {whyCopy.title}
      </h3>
      {!parts || !details ? (
        <p className="mt-2 text-slate-700">{whyCopy.before}</p>
      ) : (
        <>
          <p className={`mt-2 text-slate-900 ${ui.wrap}`}>{whySentence(parts)}</p>
          <details className="mt-3">
            <summary className={`inline-flex min-h-11 cursor-pointer items-center font-semibold text-slate-900 ${ui.focusRing}`}>{whyCopy.details}</summary>
            <Facts rows={details.rows} />
            <h4 className="mt-3 font-semibold text-slate-900">{whyCopy.candidates}</h4>
            <ul className="mt-1 grid gap-2">
              {details.candidates.map((c) => (
                <li key={c.id} className={`rounded-xl border px-3 py-2 ${c.chosen ? 'border-amber-400 bg-amber-50' : 'border-slate-200'}`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className={`font-semibold text-slate-900 ${ui.wrap}`}>{c.name}</span>
                    <span className={`${badge} ${c.status === whyCopy.free ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}>{c.status}</span>
                    {c.chosen && <span className="text-sm font-semibold text-amber-900">{whyCopy.chosen.toLowerCase()}</span>}
                  </div>
                  <p className={`text-sm text-slate-700 ${ui.wrap}`}>{c.words}</p>
                </li>
              ))}
            </ul>
            {details.differs && <p className="mt-3 text-sm font-semibold text-amber-900">{details.differs}</p>}
          </details>
        </>
      )}
    </section>
  );
}
