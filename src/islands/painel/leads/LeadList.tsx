// Leads, newest first: one button per person (their newest submission) that opens it.
import { useRef } from 'react';
import type { LeadRow } from '../../../domain/painel/api';
import { attributionCopy, personCopy } from '../../../domain/painel/copy';
import { labelOf, segmentoOptions } from '../../../domain/options';
import { dateTimeOf } from '../format';
import { ui } from '../styles';
import { LoadMore } from '../ui';
import { focusRow } from '../usePagedList';
import { touchSummary } from './touch';

interface Props {
  items: LeadRow[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => Promise<number | null>;
  onOpen: (id: string, opener: HTMLElement) => void;
}

const meetingsLabel = (count: number) => (count === 0 ? 'Sem reunião' : count === 1 ? '1 reunião' : `${count} reuniões`);

export function LeadList({ items, hasMore, loadingMore, loadMore, onOpen }: Props) {
  const container = useRef<HTMLDivElement>(null);
  return (
    <div ref={container}>
      <ul className="grid gap-2">
        {items.map((lead) => (
          <li key={lead.id}>
            <button type="button" data-row className={ui.row} onClick={(e) => onOpen(lead.id, e.currentTarget)}>
              <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                <bdi className={`font-semibold text-slate-900 ${ui.wrap}`}>{lead.name}</bdi>
                <span className="text-sm text-slate-600">
                  {meetingsLabel(lead.meetings)}
                  {lead.submissions > 1 && <span data-submissions> · {personCopy.submissions(lead.submissions)}</span>}
                </span>
              </span>
              <span className={`block text-sm text-slate-700 ${ui.wrap}`}>
                {/* User text isolated: a stray bidi control stored before the text rules removed them cannot reorder the row. */}
                <bdi>{lead.company}</bdi> · {labelOf(segmentoOptions, lead.segmento)}
              </span>
              <span className={`block text-sm text-slate-600 ${ui.wrap}`}>
                <bdi>{lead.email}</bdi> · recebido em {dateTimeOf(lead.createdAt)}
              </span>
              {lead.rule && (
                <span className={`block text-sm text-slate-600 ${ui.wrap}`} data-rule>
                  <bdi>{personCopy.routing(lead.rule)}</bdi>
                </span>
              )}
              {touchSummary(lead.firstTouch) && (
                <span className={`block text-sm text-slate-600 ${ui.wrap}`} data-touch>
                  {attributionCopy.listPrefix} <bdi>{touchSummary(lead.firstTouch)}</bdi>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      <LoadMore visible={hasMore} busy={loadingMore} onLoad={() => void loadMore().then((first) => focusRow(container.current, first))} />
    </div>
  );
}
