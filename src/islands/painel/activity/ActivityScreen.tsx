// "Atividade" (mentor): who did what and when in the painel, newest first, with 'Carregar mais'.
import { useRef } from 'react';
import { painelPaths, type ActivityRow } from '../../../domain/painel/api';
import { dealChangeLine } from '../../../domain/painel/deals';
import { dateTimeOf } from '../format';
import { ListState } from '../ListState';
import { ui } from '../styles';
import { LoadMore, ScreenHeading } from '../ui';
import { focusRow, usePagedList } from '../usePagedList';
import { actionLabel } from './actionLabels';

const noQuery = {};

/** What the line is about: a deal's change in words (the lead erased since: only that), else the subject as logged. */
const subjectOf = (row: ActivityRow) => (row.action !== 'deal' ? row.subject : row.deal ? dealChangeLine(row.deal) : 'dados do lead excluídos');

export default function ActivityScreen({ focus }: { focus: boolean }) {
  const { list, reload, loadMore } = usePagedList<ActivityRow>(painelPaths.activity, noQuery);
  const container = useRef<HTMLUListElement>(null);

  return (
    <section aria-labelledby="painel-secao-activity" className="grid gap-5">
      <ScreenHeading id="painel-secao-activity" focus={focus}>
        Atividade
      </ScreenHeading>
      <div>
        <ListState list={list} empty="Nenhuma atividade registrada." noun="registros" onRetry={() => void reload()} />
        {list.phase === 'ready' && (
          <>
            <ul ref={container} className="grid gap-2">
              {list.items.map((row) => (
                // Focusable so 'Carregar mais' can hand the focus to the first new line.
                <li key={row.id} data-row tabIndex={-1} className={`rounded-xl border border-slate-200 bg-white px-4 py-3 ${ui.wrap} ${ui.focusRing}`}>
                  <p className="text-sm tabular-nums text-slate-600">{dateTimeOf(row.at)}</p>
                  <p className="font-semibold text-slate-900">{actionLabel(row.action)}</p>
                  <p className="text-sm text-slate-700">
                    {row.actor ?? 'Sistema'}
                    {subjectOf(row) ? ` · ${subjectOf(row)}` : ''}
                  </p>
                </li>
              ))}
            </ul>
            <LoadMore visible={list.next !== null} busy={list.loadingMore} onLoad={() => void loadMore().then((first) => focusRow(container.current, first))} />
          </>
        )}
      </div>
    </section>
  );
}
