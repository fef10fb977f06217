// One table of Números (src/domain/painel/numbers-tables.ts) as the screen shows it: a caption, counts as
// "1.234", inside its card's own horizontal scroll (a wide table never widens the 390 px page; the
// scroller takes the keyboard focus so its hidden columns are reachable), and its "Exportar CSV".
import type { ReactNode } from 'react';
import { formatCount } from '../../../domain/painel/numbers';
import type { Cell } from '../../../domain/painel/numbers-tables';
import { ui } from '../styles';

interface Props {
  id: string;
  title: string;
  header: string[];
  rows: Cell[][];
  /** The CSV of this table, with the period of the screen; absent: no export. */
  csvHref?: string;
  empty?: string;
  /** Above the table: a chart or a switch. */
  children?: ReactNode;
}

export const cellText = (cell: Cell) => (typeof cell === 'number' ? formatCount(cell) : cell);

export function NumbersTableView({ id, title, header, rows, csvHref, empty = 'Nada no período.', children }: Props) {
  const captionId = `${id}-titulo`;
  return (
    <section aria-labelledby={captionId} className={`${ui.card} grid min-w-0 content-start gap-3`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={captionId} className={ui.subheading}>
          {title}
        </h3>
        {csvHref && (
          <a href={csvHref} download className={ui.small}>
            Exportar CSV<span className="sr-only"> de {title}</span>
          </a>
        )}
      </div>
      {children}
      {rows.length === 0 ? (
        <p className={ui.hint}>{empty}</p>
      ) : (
        // A scroller must take the focus, or a keyboard cannot reach its hidden columns (axe scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a named region that scrolls
        <div role="region" aria-label={`Tabela: ${title}`} tabIndex={0} className={`overflow-x-auto rounded-lg ${ui.focusRing}`}>
          <table id={id} className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                {header.map((h, i) => (
                  <th key={h} scope="col" className={`border-b border-slate-300 px-2 py-2 font-semibold text-slate-800 ${i ? 'text-right' : ''}`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r} className="border-b border-slate-100 last:border-b-0">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className={`px-2 py-2 font-medium text-slate-900 ${ui.wrap} min-w-32`}>
                        {cellText(cell)}
                      </th>
                    ) : (
                      <td key={i} className="whitespace-nowrap px-2 py-2 text-right tabular-nums text-slate-900">
                        {cellText(cell)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
