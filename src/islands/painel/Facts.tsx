// A definition list of label → value rows, stacked at 390 px and side by side from sm.
import type { ReactNode } from 'react';
import { ui } from './styles';

export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="mt-2">
      {rows.map(([term, value]) => (
        <div key={term} className="flex flex-col gap-0.5 border-b border-slate-100 py-2.5 last:border-b-0 sm:flex-row sm:gap-4">
          <dt className="text-sm text-slate-600 sm:w-44 sm:shrink-0">{term}</dt>
          <dd className={`min-w-0 text-base text-slate-900 ${ui.wrap}`}>{value === '' || value == null ? '—' : value}</dd>
        </div>
      ))}
    </dl>
  );
}
