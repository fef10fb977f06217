// What a list shows besides its rows: loading (row-shaped blocks), the error with 'Tentar de novo', the empty sentence.
// The status line stays in the page so screen readers hear "Carregando…" and the count when it ends.
import type { PagedList } from './usePagedList';
import { LiveStatus, RetryAlert } from './ui';

interface Props {
  list: PagedList<unknown>;
  empty: string;
  /** 'reuniões', 'leads', 'registros': the count read out after each load. */
  noun: string;
  onRetry: () => void;
  /** The whole list's size under its filters, when the endpoint tells it (the page holds fewer). */
  total?: number | null;
}

export function ListState({ list, empty, noun, onRetry, total = null }: Props) {
  const count = list.items.length;
  // The real size, not the page's: "50 de 230 reuniões" while more pages are left.
  const shown = total !== null && total > count ? `${count} de ${total} ${noun}` : `${count} ${noun}`;
  const status = list.phase === 'loading' ? 'Carregando…' : list.phase === 'ready' ? (count ? `${shown} na lista.` : empty) : '';
  return (
    <>
      <LiveStatus text={status} />
      {list.phase === 'ready' && count > 0 && total !== null && (
        <p aria-hidden="true" className="mb-3 text-sm text-slate-600 tabular-nums">
          {total > count ? `Mostrando ${count} de ${total} ${noun}.` : `${total} ${noun}.`}
        </p>
      )}
      {/* Row-shaped blocks while the first page comes; the status line above is what screen readers hear. */}
      {list.phase === 'loading' && (
        <div aria-hidden="true" className="grid gap-2">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-16 rounded-xl border border-slate-200 bg-slate-100 motion-safe:animate-pulse" />
          ))}
        </div>
      )}
      {list.phase === 'ready' && count === 0 && <p className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-6 text-center text-slate-700">{empty}</p>}
      {list.error && (
        <RetryAlert className="mb-4" error={list.error} onRetry={list.phase === 'error' ? onRetry : undefined} />
      )}
    </>
  );
}
