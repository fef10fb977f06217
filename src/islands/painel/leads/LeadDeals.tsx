// "Negociações" of a lead's page: the person's deals (every submission's), newest first — stage, value
// ("R$ 3.000,00/mês × 12 = R$ 36.000,00" for a monthly one), expected close date, why it was lost — each
// with its history (who, when, "Proposta enviada ⇒ Ganho"), "Alterar", and "Nova proposta".
import { useRef, useState } from 'react';
import { dealChangeLine, dealCopy, dealPaths, dealStageLabels, formatDealValue, lostReasonLabels, type DealList, type DealStage, type DealView } from '../../../domain/painel/deals';
import { useFocusLater } from '../focus';
import { dateTimeOf } from '../format';
import { badge } from '../labels';
import { ui } from '../styles';
import { Notice, RetryAlert, type Message } from '../ui';
import { useResource } from '../useResource';
import { DealForm } from './DealForm';

/** Badge colours, AA on their background. */
const stageBadge: Record<DealStage, string> = {
  proposta_enviada: 'bg-sky-100 text-sky-900',
  em_negociacao: 'bg-amber-100 text-amber-900',
  ganho: 'bg-emerald-100 text-emerald-900',
  perdido: 'bg-red-100 text-red-900',
};

/** 'YYYY-MM-DD' as dd/mm/aaaa (a calendar day: no time zone to convert). */
const dayOf = (date: string) => date.split('-').reverse().join('/');

function DealFacts({ deal }: { deal: DealView }) {
  const facts = [
    deal.expectedCloseOn && `Previsão de fechamento: ${dayOf(deal.expectedCloseOn)}`,
    deal.wonAt && `Ganho em ${dateTimeOf(deal.wonAt)}`,
    deal.lostAt && `Perdido em ${dateTimeOf(deal.lostAt)}`,
    deal.lostReason && `Motivo: ${lostReasonLabels[deal.lostReason]}${deal.lostNote ? ` — ${deal.lostNote}` : ''}`,
    deal.consultant && `Consultor: ${deal.consultant}`,
  ].filter(Boolean);
  return (
    <ul className="grid gap-1 text-sm text-slate-700">
      {facts.map((fact) => (
        <li key={fact as string} className={ui.wrap}>
          {fact}
        </li>
      ))}
    </ul>
  );
}

function DealHistory({ deal, headingId }: { deal: DealView; headingId: string }) {
  return (
    <div>
      <h4 id={headingId} className="text-sm font-semibold text-slate-900">
        Histórico
      </h4>
      <ol aria-labelledby={headingId} className="mt-1 grid gap-2 border-l-2 border-slate-200 pl-3" data-testid="deal-history">
        {deal.log.map((entry) => (
          <li key={entry.id} className={ui.wrap}>
            <p className="text-sm tabular-nums text-slate-600">
              {dateTimeOf(entry.at)} · {entry.who}
            </p>
            <p className="text-sm text-slate-900">{dealChangeLine(entry)}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function LeadDeals({ leadId, idPrefix }: { leadId: string; idPrefix: string }) {
  const { state, replace, reload } = useResource<DealList>(dealPaths.ofLead(leadId));
  // Which form is open: 'new', a deal's id, or none.
  const [editing, setEditing] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusLater();
  const close = () => {
    setEditing(null);
    focusLater(newButton);
  };

  if (state.phase === 'loading') return <p role="status" className="text-slate-600">Carregando as negociações…</p>;
  if (state.phase === 'error') return <RetryAlert error={state.error} onRetry={() => void reload()} />;
  const form = (deal?: DealView) => (
    <DealForm
      idPrefix={`${idPrefix}-negociacao-${deal?.id ?? 'nova'}`}
      leadId={leadId}
      deal={deal}
      onCancel={close}
      onReload={() => {
        setEditing(null);
        void reload();
      }}
      onSaved={(list, status) => {
        replace(list);
        setEditing(null);
        // 200 of a change that equals what was there: said so, nothing was written.
        const same = deal && list.deals.find((d) => d.id === deal.id)?.updatedAt === deal.updatedAt;
        setMessage({ kind: 'status', text: status === 200 && same ? dealCopy.unchanged : dealCopy.saved });
      }}
    />
  );

  const { deals } = state.data;
  return (
    <div className="grid gap-4">
      <Notice message={message} focus />
      {deals.length === 0 && <p className="text-slate-600">{dealCopy.none}</p>}
      {deals.length > 0 && (
        <ul className="grid gap-3">
          {deals.map((deal) => (
            <li key={deal.id} className="grid gap-3 rounded-xl border border-slate-200 p-3" data-deal={deal.id}>
              <p className="flex flex-wrap items-center justify-between gap-2">
                <span className={`${badge} ${stageBadge[deal.stage]}`}>{dealStageLabels[deal.stage]}</span>
                <span className={`font-semibold tabular-nums text-slate-900 ${ui.wrap}`}>{formatDealValue(deal)}</span>
              </p>
              <DealFacts deal={deal} />
              {editing === deal.id ? (
                form(deal)
              ) : (
                <button type="button" className={`${ui.small} justify-self-start`} onClick={() => { setMessage(null); setEditing(deal.id); }}>
                  Alterar<span className="sr-only"> negociação de {formatDealValue(deal)}</span>
                </button>
              )}
              <DealHistory deal={deal} headingId={`${idPrefix}-historico-${deal.id}`} />
            </li>
          ))}
        </ul>
      )}
      {editing === 'nova' ? (
        form()
      ) : (
        <button type="button" ref={newButton} className={`${ui.secondary} justify-self-start`} onClick={() => { setMessage(null); setEditing('nova'); }}>
          {dealCopy.create}
        </button>
      )}
    </div>
  );
}
