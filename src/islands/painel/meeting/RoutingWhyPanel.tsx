// "Por que este consultor?": the stored why of the booking in one sentence (who, why, the rule), with the
// numbers folded behind "Detalhes" (tie-break, counting window, each candidate with their load rounded
// and reason) — the same parts and words as `npm run consultants -- why` (src/domain/scheduling/
// routing-why.ts). The replay check and the meeting's id are the mentor's (a consultant's answer is their
// own part only: functions/lib/painel/why-scope.ts). Meetings booked before the router stored its reasons
// say so.
import type { ReactNode } from 'react';
import type { MeetingView } from '../../../domain/painel/api';
import { candidateNumbers, tieBreakLine, whyCopy, whyParts, whySentence } from '../../../domain/scheduling/routing-why';
import { Facts } from '../Facts';
import { badge } from '../labels';
import { ui } from '../styles';
import { timeZone } from '../format';

/** meetingId: shown to the mentor for `npm run consultants -- why <id>`. */
export function RoutingWhyPanel({ idPrefix, meetingId, why }: { idPrefix: string; meetingId: string; why: MeetingView['why'] }) {
  const heading = `${idPrefix}-porque`;
  const parts = why ? whyParts(why.routing, why.names, timeZone) : null;
  // A consultant's answer is always partial; only the mentor's has every line, the replay and the id.
  const mentor = Boolean(why && !why.partial);
  return (
    <section aria-labelledby={heading} className={ui.card}>
      <h3 id={heading} className={ui.subheading}>
        {whyCopy.title}
      </h3>
      {!parts ? (
        <p className="mt-2 text-slate-700">{whyCopy.before}</p>
      ) : (
        <>
          <p className={`mt-2 text-slate-900 ${ui.wrap}`}>{whySentence(parts)}</p>
          <details className="mt-3">
            <summary className={`inline-flex min-h-11 cursor-pointer items-center font-semibold text-slate-900 ${ui.focusRing}`}>{whyCopy.details}</summary>
            <Facts
              rows={[
                [whyCopy.rule, parts.rule],
                [whyCopy.chosen, parts.chosen?.name ?? whyCopy.nobody],
                [whyCopy.tieBreak, tieBreakLine(parts)],
                [whyCopy.window, parts.window],
                [whyCopy.equal, parts.equal],
                [whyCopy.decidedAt, parts.decidedAt],
                ...(mentor ? [[whyCopy.meetingId, <code key="id" className="text-sm">{meetingId}</code>] as [string, ReactNode]] : []),
              ]}
            />
            <h4 className="mt-3 font-semibold text-slate-900">{whyCopy.candidates}</h4>
            <ul className="mt-1 grid gap-2">
              {parts.candidates.map((c) => (
                <li key={c.id} className={`rounded-xl border px-3 py-2 ${c.chosen ? 'border-amber-400 bg-amber-50' : 'border-slate-200'}`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className={`font-semibold text-slate-900 ${ui.wrap}`}>{c.name}</span>
                    <span className={`${badge} ${c.status === whyCopy.free ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}>{c.status}</span>
                    {c.chosen && <span className="text-sm font-semibold text-amber-900">{whyCopy.chosen.toLowerCase()}</span>}
                  </div>
                  <p className="text-sm text-slate-700">{candidateNumbers(c, true)}</p>
                </li>
              ))}
            </ul>
            {/* A consultant's part cannot be replayed without the colleagues' lines: no claim either way. */}
            {mentor && <p className="mt-3 text-sm text-slate-700">{parts.replays ? whyCopy.replayOk : whyCopy.replayBad}</p>}
          </details>
        </>
      )}
    </section>
  );
}
