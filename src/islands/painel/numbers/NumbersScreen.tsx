// Números (issue 34): a period (presets, or two dates) against the one before; the funnel, by origin
// (first or last touch), by consultant, by profile, the times, and the weeks. Every table is
// src/domain/painel/numbers-tables.ts — the same cells the CSV export writes — and every chart has its
// table; then the WhatsApp experiment's show rate by channel. The period and the touch live in the address
// (#numeros&periodo=…&toque=…).
import { useState, type ReactNode } from 'react';
import type { Filters } from '../../../domain/painel/address';
import type { Viewer } from '../../../domain/painel/api';
import { formatDay, numbersPaths, touchWords, type NumbersView, type Touch } from '../../../domain/painel/numbers';
import { defaultSort, numbersTables, sortParam, tableRows, type NumbersTable, type SortOrder } from '../../../domain/painel/numbers-tables';
import { dayKey } from '../format';
import { RadioGroup } from '../RadioGroup';
import type { Move } from '../shell/useAddress';
import { ui } from '../styles';
import { RetryAlert, ScreenHeading } from '../ui';
import { useResource } from '../useResource';
import { FunnelChart, WeeksChart } from './charts';
import { numbersQuery } from './numbersQuery';
import { NumbersTableView } from './NumbersTableView';
import { PeriodPicker } from './PeriodPicker';
import { WeekMeetings } from './WeekMeetings';
import { CampaignMoney } from './CampaignMoney';
import { WhatsAppShowRate } from './WhatsAppShowRate';
import { SpendImports } from './SpendImports';
import { Skeleton } from '../Skeleton';

interface Props {
  viewer: Viewer;
  focus: boolean;
  filters: Filters;
  onFilters: (next: Filters, move: Move) => void;
  /** Opens a meeting of "Reuniões da semana" (its opener gets the focus back). */
  onOpenMeeting: (id: string, opener: HTMLElement | null) => void;
}

const touchOptions = [
  { value: 'first', label: 'Primeiro toque' },
  { value: 'last', label: 'Último toque' },
] as const satisfies readonly { value: Touch; label: string }[];

export default function NumbersScreen({ viewer, focus, filters, onFilters, onOpenMeeting }: Props) {
  const { preset, touch, query, url } = numbersQuery(filters);
  const { state, reload } = useResource<NumbersView>(url);
  const view = state.phase === 'ready' ? state.data : null;
  // Each sortable table's order (its default until a header is pressed); the export follows it.
  const [sorts, setSorts] = useState<Partial<Record<NumbersTable, SortOrder>>>({});
  const orderOf = (id: NumbersTable) => sorts[id] ?? defaultSort(id);
  const sortBy = (id: NumbersTable) => (column: number) => {
    const now = orderOf(id);
    // The same column flips; another starts largest first (a name: A to Z).
    const next = now?.column === column ? { column, descending: !now.descending } : { column, descending: column !== 0 };
    setSorts((s) => ({ ...s, [id]: next }));
  };
  const csv = (table: NumbersTable) => {
    const order = orderOf(table);
    return `${numbersPaths.exportNumbers}${query}&tabela=${table}${order ? `&ordem=${sortParam(order)}` : ''}`;
  };
  const table = (id: NumbersTable, extra?: { children?: ReactNode; empty?: string }) =>
    view && (
      <NumbersTableView key={id} id={`numeros-${id}`} title={numbersTables[id].title} {...tableRows(id, view, orderOf(id))} csvHref={csv(id)}
        sort={orderOf(id)} onSort={defaultSort(id) ? sortBy(id) : undefined} {...extra} />
    );

  const setFilters = (next: Filters) => onFilters(next, 'replace');
  return (
    <section aria-labelledby="painel-secao-numbers" className="grid gap-5">
      <ScreenHeading id="painel-secao-numbers" focus={focus}>
        Números
      </ScreenHeading>
      <div className={`${ui.card} grid gap-2`}>
        <PeriodPicker
          preset={preset}
          period={view?.period ?? null}
          today={dayKey(new Date().toISOString())}
          onPeriod={(p, period) => setFilters({ ...filters, periodo: p, de: period?.de ?? '', ate: period?.ate ?? '' })}
        />
        {view && (
          <p role="status" className="text-sm text-slate-700">
            {`${formatDay(view.period.de)}/${view.period.de.slice(0, 4)} a ${formatDay(view.period.ate)}/${view.period.ate.slice(0, 4)}, comparado a ${formatDay(view.previous.de)} a ${formatDay(view.previous.ate)}`}
            {viewer.role === 'consultor' ? ' · só as suas reuniões e os seus leads' : ''}
          </p>
        )}
      </div>
      {state.phase === 'loading' && <Skeleton rows={2} />}
      {/* A period the endpoint refuses (an edited address) says why; another preset is a click above. */}
      {state.phase === 'error' && <RetryAlert error={state.error} onRetry={() => void reload()} />}
      {view && (
        <div className="grid gap-4 lg:grid-cols-2">
          {table('funil', { children: <FunnelChart id="numeros-funil-grafico" funnel={view.funnel} /> })}
          {table('origem', {
            children: (
              <RadioGroup id="numeros-toque" legend="Campanha do" options={touchOptions} value={touch} inline
                onValue={(t) => setFilters({ ...filters, toque: touchWords[t] })} />
            ),
          })}
          {table('consultor')}
          {table('tempo')}
          {table('segmento')}
          {table('faturamento')}
          {table('servico')}
          {table('semanas', { children: <WeeksChart id="numeros-semanas-grafico" weeks={view.groups.week} /> })}
          <CampaignMoney query={query} />
          <WhatsAppShowRate period={view.period} />
        </div>
      )}
      {/* Its own request: a period the figures refuse still leaves the week's meetings to see. */}
      <WeekMeetings viewer={viewer} week={filters.semana ?? ''} consultant={filters.consultor ?? ''} onOpen={onOpenMeeting}
        onChange={(w) => setFilters({ ...filters, ...w })} />
      {viewer.role === 'mentor' && <SpendImports />}
    </section>
  );
}
