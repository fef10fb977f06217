// One table of Números (src/domain/painel/numbers-tables.ts) as the screen shows it: a caption, counts as
// "1.234", inside its card's own horizontal scroll (a wide table never widens the 390 px page; the
// scroller takes the keyboard focus so its hidden columns are reachable; the first column stays put while
// the others scroll under it), and its "Exportar CSV". A sortable table's headers are buttons, the sorted
// one says so (aria-sort) and shows a triangle (drawn by CSS, so the header's text stays the CSV's).
import type { ReactNode } from 'react';
import { formatCount } from '../../../domain/painel/numbers';
import type { Cell, SortOrder } from '../../../domain/painel/numbers-tables';
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
  /** A sortable table: the order shown, and a header's button asking for its column. */
  sort?: SortOrder | null;
  onSort?: (column: number) => void;
}

export const cellText = (cell: Cell) => (typeof cell === 'number' ? formatCount(cell) : cell);

// A triangle drawn with borders: no text, so neither the header's name (aria-sort says the order) nor its text changes.
const triangle = "after:ml-1 after:inline-block after:border-x-[5px] after:border-x-transparent after:align-middle after:content-['']";
const sortedArrow = (descending: boolean) => `${triangle} ${descending ? 'after:border-t-[6px] after:border-t-current' : 'after:border-b-[6px] after:border-b-current'}`;

export function NumbersTableView({ id, title, header, rows, csvHref, empty = 'Nada no período.', children, sort, onSort }: Props) {
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
                {header.map((h, i) => {
                  const sorted = sort?.column === i ? sort : null;
                  return (
                    <th key={h} scope="col" aria-sort={sorted ? (sorted.descending ? 'descending' : 'ascending') : undefined}
                      className={`border-b border-slate-300 px-2 py-2 font-semibold text-slate-800 ${i ? 'text-right' : 'sticky left-0 z-10 bg-white'}`}>
                      {onSort ? (
                        <button type="button" onClick={() => onSort(i)}
                          className={`min-h-11 font-semibold underline decoration-dotted underline-offset-4 ${i ? 'text-right' : 'text-left'} ${ui.focusRing} ${sorted ? sortedArrow(sorted.descending) : ''}`}>
                          {h}
                        </button>
                      ) : h}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, r) => (
                <tr key={r} className="border-b border-slate-100 last:border-b-0">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className={`sticky left-0 bg-white px-2 py-2 font-medium text-slate-900 ${ui.wrap} min-w-24 sm:min-w-32`}>
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
