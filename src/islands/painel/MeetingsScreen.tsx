// "Reuniões": tabs Próximas / Sem desfecho / Canceladas / Passadas, each with its total under the filters
// ("Sem desfecho (23)"), filters (consultant for the mentor, service, outcome, period of the meeting or of
// its booking), the list by day with 'Carregar mais', and the CSV of the same query for the mentor.
import { useEffect, useRef } from 'react';
import type { Filters as AddressFilters } from '../../domain/painel/address';
import type { Move } from './shell/useAddress';
import { meetingTabs, painelPaths, type MeetingCounts, type MeetingQuery, type MeetingRow, type MeetingTab, type Viewer } from '../../domain/painel/api';
import { tabLabels } from '../../domain/painel/copy';
import { meetingDateFieldLabels, meetingOutcomeFilterLabels } from '../../domain/painel/meeting-copy';
import { queryString } from './api';
import { useResource } from './useResource';
import { serviceOptions } from '../../domain/options';
import { DateRange, usablePeriod } from './DateRange';
import { FilterPanel } from './FilterPanel';
import { ListState } from './ListState';
import { MeetingList } from './MeetingList';
import { Tabs } from './Tabs';
import { ui } from './styles';
import { ScreenHeading, SelectField } from './ui';
import { usePagedList } from './usePagedList';

interface Props {
  viewer: Viewer;
  focus: boolean;
  onOpen: (id: string, opener: HTMLElement) => void;
  /** Meetings changed in their detail (an outcome recorded): shown as they are now, without reloading the pages. */
  changed: Record<string, MeetingRow>;
  /** The tab and filters, as the address has them (the console's place is the one source). */
  filters: AddressFilters;
  onFilters: (next: AddressFilters, move: Move) => void;
}

type Filters = Required<Pick<MeetingQuery, 'consultor' | 'de' | 'ate'>> & { servico: string; desfecho: string; data: string };

const outcomeOptions = Object.entries(meetingOutcomeFilterLabels).map(([value, label]) => ({ value, label }));
/** "Período" bounds the meeting's date unless the booking's is chosen (the empty choice is the meeting's). */
const dateFieldOptions = [{ value: 'agendamento', label: meetingDateFieldLabels.agendamento }];

/**
 * A meeting changed in its detail (an outcome, a cancellation) leaves the tabs it no longer belongs to
 * at once, without reading the list again: "Sem desfecho" once it has one, "Próximas" once cancelled.
 */
const stillIn = (tab: MeetingTab, outcome: string, m: MeetingRow) =>
  (tab !== 'sem-desfecho' || (m.status === 'scheduled' && m.outcome === null)) && (tab !== 'proximas' || m.status === 'scheduled') && matchesOutcome(outcome, m);

/** The "Desfecho" filter on a meeting as it is now (the latest outcome), as painel_meeting_filter reads it. */
function matchesOutcome(filter: string, m: MeetingRow): boolean {
  if (filter === 'sem-desfecho') return m.outcome === null;
  if (filter === 'compareceu') return m.outcome?.attendance === 'attended';
  if (filter === 'nao-compareceu') return m.outcome !== null && m.outcome.attendance !== 'attended';
  if (filter === 'qualificado') return m.outcome?.qualified === true;
  return true;
}

const tabOf = (value: string | undefined): MeetingTab => meetingTabs.find((t) => t === value) ?? 'proximas';

export default function MeetingsScreen({ viewer, focus, onOpen, changed, filters: address, onFilters }: Props) {
  const mentor = viewer.role === 'mentor';
  const tab = tabOf(address.aba);
  const filters: Filters = {
    consultor: address.consultor ?? '', servico: address.servico ?? '', desfecho: address.desfecho ?? '', data: address.data ?? '', de: address.de ?? '', ate: address.ate ?? '',
  };
  const period = usablePeriod(filters.de, filters.ate);
  const query = { consultor: filters.consultor, servico: filters.servico, desfecho: filters.desfecho, data: filters.data, de: period.de, ate: period.ate };
  const { list, reload, loadMore, search } = usePagedList<MeetingRow>(painelPaths.meetings, { aba: tab, ...query });
  // Every tab's total under the same filters; read again when a meeting changed in its detail (an outcome
  // moves it out of "Sem desfecho"), without reading the list again.
  const counts = useResource<MeetingCounts>(painelPaths.meetingCounts + queryString(query));
  const reloadCounts = counts.reload;
  const seen = useRef(changed);
  useEffect(() => {
    if (seen.current === changed) return;
    seen.current = changed;
    void reloadCounts();
  }, [changed, reloadCounts]);
  const totals = counts.state.phase === 'ready' ? counts.state.data : null;
  const labels = Object.fromEntries(meetingTabs.map((t) => [t, totals ? `${tabLabels[t]} (${totals[t]})` : tabLabels[t]])) as Record<MeetingTab, string>;
  const set = (patch: Partial<Filters>) => onFilters({ ...address, ...patch }, 'replace');
  const setTab = (aba: MeetingTab) => onFilters({ ...address, aba }, 'push');
  // The button goes away with the filters: the focus goes back to the first filter.
  const clear = () => {
    onFilters(address.aba ? { aba: address.aba } : {}, 'replace');
    requestAnimationFrame(() => document.getElementById(mentor ? 'reunioes-consultor' : 'reunioes-servico')?.focus());
  };

  return (
    <section aria-labelledby="painel-secao-meetings" className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ScreenHeading focus={focus} id="painel-secao-meetings">
          Reuniões
        </ScreenHeading>
        {mentor && (
          <a href={painelPaths.exportMeetings + search} download className={ui.linkButton}>
            Exportar CSV
          </a>
        )}
      </div>
      <FilterPanel active={Object.values(filters).filter(Boolean).length} onClear={clear} columns="sm:grid-cols-2 lg:grid-cols-4">
        {mentor && (
          <SelectField
            id="reunioes-consultor"
            label="Consultor"
            empty="Todos"
            value={filters.consultor}
            onValue={(consultor) => set({ consultor })}
            options={viewer.consultants.map((c) => ({ value: c.id, label: c.active ? c.name : `${c.name} (inativo)` }))}
          />
        )}
        <SelectField id="reunioes-servico" label="Serviço" empty="Todos" value={filters.servico} onValue={(servico) => set({ servico })} options={serviceOptions} />
        <SelectField id="reunioes-desfecho" label="Desfecho" empty="Todos" value={filters.desfecho} onValue={(desfecho) => set({ desfecho })} options={outcomeOptions} />
        <SelectField id="reunioes-data" label="Período por" empty={meetingDateFieldLabels.reuniao} value={filters.data} onValue={(data) => set({ data })} options={dateFieldOptions} />
        <div className="sm:col-span-2">
          <DateRange id="reunioes-periodo" from={filters.de} to={filters.ate} error={period.error} onChange={(de, ate) => set({ de, ate })} />
        </div>
      </FilterPanel>
      <div>
        <Tabs id="reunioes-aba" label="Situação das reuniões" tabs={meetingTabs} labels={labels} selected={tab} onSelect={setTab}>
          <ListState list={list} total={totals?.[tab] ?? null} empty="Nenhuma reunião." noun={(totals?.[tab] ?? list.items.length) === 1 ? 'reunião' : 'reuniões'} onRetry={() => void reload()} />
          {list.phase === 'ready' && <MeetingList items={list.items.map((m) => changed[m.id] ?? m).filter((m) => stillIn(tab, filters.desfecho, m))} hasMore={list.next !== null} loadingMore={list.loadingMore} loadMore={loadMore} onOpen={onOpen} />}
        </Tabs>
      </div>
    </section>
  );
}
