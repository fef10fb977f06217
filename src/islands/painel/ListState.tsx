// What a list shows besides its rows: loading, the error with 'Tentar de novo', the empty sentence.
// The status line stays in the page so screen readers hear "Carregando…" and the count when it ends.
import type { PagedList } from './usePagedList';
import { LiveStatus, RetryAlert } from './ui';

interface Props {
  list: PagedList<unknown>;
  empty: string;
  /** 'reuniões', 'leads', 'registros': the count read out after each load. */
  noun: string;
  onRetry: () => void;
}

export function ListState({ list, empty, noun, onRetry }: Props) {
  const count = list.items.length;
  const status = list.phase === 'loading' ? 'Carregando…' : list.phase === 'ready' ? (count ? `${count} ${noun} na lista.` : empty) : '';
  return (
    <>
      <LiveStatus text={status} />
      {list.phase === 'loading' && (
        <p aria-hidden="true" className="rounded-xl border border-slate-200 bg-white px-4 py-6 text-center text-slate-600">
          Carregando…
        </p>
      )}
      {list.phase === 'ready' && count === 0 && <p className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-6 text-center text-slate-700">{empty}</p>}
      {list.error && (
        <RetryAlert className="mb-4" error={list.error} onRetry={list.phase === 'error' ? onRetry : undefined} />
      )}
    </>
  );
}
