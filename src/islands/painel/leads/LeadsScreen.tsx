// "Leads": the server-side search ('Buscar': name, e-mail, company, CNPJ, phone), the filters, the list
// with 'Carregar mais', and the CSV of the same query for the mentor.
import { useEffect, useState } from 'react';
import { painelPaths, SEARCH_MAX, type LeadPage, type LeadRow, type Viewer } from '../../../domain/painel/api';
import { personCopy } from '../../../domain/painel/copy';
import { TextField } from '../form/Field';
import { PainelForm } from '../form/PainelForm';
import { ListState } from '../ListState';
import { ui } from '../styles';
import { Notice, ScreenHeading, type Message } from '../ui';
import { usePagedList } from '../usePagedList';
import type { Filters } from '../../../domain/painel/address';
import type { Move } from '../shell/useAddress';
import { usablePeriod } from '../DateRange';
import { LeadFilters, leadFiltersOf } from './LeadFilters';
import { LeadList } from './LeadList';

interface Props {
  viewer: Viewer;
  focus: boolean;
  onOpen: (id: string, opener: HTMLElement) => void;
  /** What happened to a lead shown before this list (its data erased). */
  notice: Message;
  /** Changes when the list must be read again. */
  reloadKey: number;
  /** The filters as the address has them ("Buscar" is not among them: it is personal data). */
  filters: Filters;
  onFilters: (next: Filters, move: Move) => void;
}

/** Typing waits this long before searching, so each keystroke does not cost a request. */
const SEARCH_DELAY_MS = 400;

export default function LeadsScreen({ viewer, focus, onOpen, notice, reloadKey, filters: address, onFilters }: Props) {
  const [typed, setTyped] = useState('');
  const [busca, setBusca] = useState('');
  const filters = leadFiltersOf(address);
  const period = usablePeriod(filters.de, filters.ate);
  const { list, reload, loadMore, search } = usePagedList<LeadRow>(painelPaths.leads, { busca, ...filters, de: period.de, ate: period.ate }, reloadKey);
  const meta = list.meta as Partial<Omit<LeadPage, 'items' | 'next'>> | null;
  // The choices stay while a new page loads (the select must not lose its options under the keyboard).
  const [rules, setRules] = useState<readonly string[]>([]);
  // Adjusted while rendering (React's pattern for state that follows a prop): each first page brings them.
  if (meta?.rules && meta.rules !== rules) setRules(meta.rules);

  useEffect(() => {
    const timer = setTimeout(() => setBusca(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  function clear() {
    onFilters({}, 'replace');
    requestAnimationFrame(() => document.getElementById('leads-segmento')?.focus());
  }

  return (
    <section aria-labelledby="painel-secao-leads" className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ScreenHeading id="painel-secao-leads" focus={focus}>
          Leads
        </ScreenHeading>
        {viewer.role === 'mentor' && (
          <a href={painelPaths.exportLeads + search} download className={ui.linkButton}>
            Exportar CSV
          </a>
        )}
      </div>
      <Notice message={notice} focus />
      <PainelForm role="search" onSubmit={() => setBusca(typed.trim())} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField id="leads-busca" label="Buscar" type="search" maxLength={SEARCH_MAX} value={typed} onValue={setTyped} hint="Nome, e-mail, empresa, CNPJ ou telefone." className="flex-1" />
        <button type="submit" className={`${ui.secondary} sm:mb-7`}>
          Pesquisar
        </button>
      </PainelForm>
      <LeadFilters values={filters} rules={rules} periodError={period.error} onChange={(patch) => onFilters({ ...address, ...patch }, 'replace')} onClear={clear} />
      <div>
        {list.phase === 'ready' && typeof meta?.total === 'number' && meta.total > 0 && (
          <p className="mb-2 text-sm text-slate-700" data-testid="leads-total">
            {personCopy.total(meta.total)}
          </p>
        )}
        <ListState list={list} empty="Nenhum lead encontrado." noun={list.items.length === 1 ? 'lead' : 'leads'} onRetry={() => void reload()} />
        {list.phase === 'ready' && <LeadList items={list.items} hasMore={list.next !== null} loadingMore={list.loadingMore} loadMore={loadMore} onOpen={onOpen} />}
      </div>
    </section>
  );
}
