// The filters of a list, folded behind "Filtros" (with how many are on): on a phone the list itself is
// the first thing on screen, and a filter is one tap away. Used by Reuniões and Leads.
import type { ReactNode } from 'react';
import { ui } from './styles';

interface Props {
  /** How many filters are set (shown on the fold, and whether "Limpar filtros" shows). */
  active: number;
  onClear: () => void;
  /** Grid columns of the open panel from the sm and lg breakpoints (Tailwind classes). */
  columns: string;
  children: ReactNode;
}

export function FilterPanel({ active, onClear, columns, children }: Props) {
  return (
    <details className="group rounded-xl border border-slate-200 bg-white">
      <summary className={`flex min-h-11 cursor-pointer list-none items-center rounded-xl px-4 py-2 font-semibold text-slate-900 ${ui.focusRing}`}>
        <span aria-hidden="true" className="mr-2 inline-block transition-transform group-open:rotate-90">
          ▸
        </span>
        Filtros{active ? ` (${active} ${active === 1 ? 'ativo' : 'ativos'})` : ''}
      </summary>
      <div className={`grid gap-4 border-t border-slate-200 p-4 ${columns}`}>
        {children}
        {active > 0 && (
          <div className="col-span-full">
            <button type="button" onClick={onClear} className={ui.small}>
              Limpar filtros
            </button>
          </div>
        )}
      </div>
    </details>
  );
}
