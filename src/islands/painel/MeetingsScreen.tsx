// "Reuniões": tabs Próximas / Sem desfecho / Canceladas / Passadas, filters (consultant for the mentor,
// service, period), the list by day with 'Carregar mais', and the CSV of the same query for the mentor.
import type { Filters as AddressFilters } from '../../domain/painel/address';
import type { Move } from './shell/useAddress';
import { meetingTabs, painelPaths, type MeetingQuery, type MeetingRow, type MeetingTab, type Viewer } from '../../domain/painel/api';
import { tabLabels } from '../../domain/painel/copy';
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

type Filters = Required<Pick<MeetingQuery, 'consultor' | 'de' | 'ate'>> & { servico: string };

/**
 * A meeting changed in its detail (an outcome, a cancellation) leaves the tabs it no longer belongs to
 * at once, without reading the list again: "Sem desfecho" once it has one, "Próximas" once cancelled.
 */
const stillIn = (tab: MeetingTab, m: MeetingRow) =>
  (tab !== 'sem-desfecho' || (m.status === 'scheduled' && m.outcome === null)) && (tab !== 'proximas' || m.status === 'scheduled');

const tabOf = (value: string | undefined): MeetingTab => meetingTabs.find((t) => t === value) ?? 'proximas';

export function MeetingsScreen({ viewer, focus, onOpen, changed, filters: address, onFilters }: Props) {
  const mentor = viewer.role === 'mentor';
  const tab = tabOf(address.aba);
  const filters: Filters = { consultor: address.consultor ?? '', servico: address.servico ?? '', de: address.de ?? '', ate: address.ate ?? '' };
  const period = usablePeriod(filters.de, filters.ate);
  const { list, reload, loadMore, search } = usePagedList<MeetingRow>(painelPaths.meetings, { aba: tab, consultor: filters.consultor, servico: filters.servico, de: period.de, ate: period.ate });
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
        <div className="sm:col-span-2">
          <DateRange id="reunioes-periodo" from={filters.de} to={filters.ate} error={period.error} onChange={(de, ate) => set({ de, ate })} />
        </div>
      </FilterPanel>
      <div>
        <Tabs id="reunioes-aba" label="Situação das reuniões" tabs={meetingTabs} labels={tabLabels} selected={tab} onSelect={setTab}>
          <ListState list={list} empty="Nenhuma reunião." noun={list.items.length === 1 ? 'reunião' : 'reuniões'} onRetry={() => void reload()} />
          {list.phase === 'ready' && <MeetingList items={list.items.map((m) => changed[m.id] ?? m).filter((m) => stillIn(tab, m))} hasMore={list.next !== null} loadingMore={list.loadingMore} loadMore={loadMore} onOpen={onOpen} />}
        </Tabs>
      </div>
    </section>
  );
}
