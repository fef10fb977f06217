// The follow-up's card on Integrações: sent today, held back by a cap today, waiting for a slot now, never
// sent because the window closed; then the last hour's use of each tier's budget. Its own request, so a
// slow or failed answer leaves the integrations' cards as they are.
import { painelPaths } from '../../../domain/painel/api';
import { followupHealthCopy as copy, type FollowupHealth, type FollowupTierName } from '../../../domain/painel/followup-health';
import { ui } from '../styles';
import { RetryAlert } from '../ui';
import { useResource } from '../useResource';

const TIERS: FollowupTierName[] = ['known', 'plausible', 'other'];

export default function FollowupCard() {
  const { state, reload } = useResource<FollowupHealth>(painelPaths.followupHealth);
  const id = 'integracao-lembrete';
  return (
    <section aria-labelledby={id} className={`${ui.card} grid gap-4`}>
      <h3 id={id} className={`${ui.subheading} ${ui.wrap}`}>{copy.title}</h3>
      {state.phase === 'loading' && <p role="status" className="text-slate-600">Carregando…</p>}
      {state.phase === 'error' && <RetryAlert error={state.error} onRetry={() => void reload()} />}
      {state.phase === 'ready' && <Counts h={state.data} />}
    </section>
  );
}

function Counts({ h }: { h: FollowupHealth }) {
  const tiles: [keyof typeof copy.counts, number][] = [
    ['sentToday', h.sentToday],
    ['heldToday', h.capSkippedToday.sourceCap + h.capSkippedToday.hourlyCap],
    ['waiting', h.waiting],
    ['expiredToday', h.expiredToday],
  ];
  return (
    <>
      <p className={`text-slate-700 ${ui.wrap}`}>{copy.intro(h.windowHours)}</p>
      <dl className="grid grid-cols-2 gap-2 text-center sm:grid-cols-4">
        {tiles.map(([key, value]) => (
          <div key={key} className="rounded-xl border border-slate-200 px-2 py-2">
            <dt className="text-sm text-slate-600">{copy.counts[key]}</dt>
            <dd className="text-2xl font-bold tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className={`text-sm text-slate-700 ${ui.wrap}`}>{copy.heldDetail(h)}</p>
      <div className="grid gap-2">
        <h4 className="font-semibold text-slate-900">{copy.hourTitle}</h4>
        <dl className="grid gap-1">
          {TIERS.map((tier) => (
            <div key={tier} className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-slate-100 py-1">
              <dt className={`text-slate-800 ${ui.wrap}`}>{copy.tiers[tier]}</dt>
              <dd className="font-semibold tabular-nums text-slate-900">{copy.ofBudget(h.hour[tier], h.budgets[tier])}</dd>
            </div>
          ))}
        </dl>
      </div>
    </>
  );
}
