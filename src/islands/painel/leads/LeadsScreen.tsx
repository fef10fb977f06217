// "Leads": the server-side search ('Buscar': name, e-mail, company, CNPJ, phone), the filters, the list
// with 'Carregar mais', and the CSV of the same query for the mentor.
import { useEffect, useState, type FormEvent } from 'react';
import { painelPaths, SEARCH_MAX, type LeadRow, type Viewer } from '../../../domain/painel/api';
import { ListState } from '../ListState';
import { ui } from '../styles';
import { Notice, ScreenHeading, type Message } from '../ui';
import { usePagedList } from '../usePagedList';
import { LeadFilters, noLeadFilters, type LeadFilterValues } from './LeadFilters';
import { LeadList } from './LeadList';

interface Props {
  viewer: Viewer;
  focus: boolean;
  onOpen: (id: string, opener: HTMLElement) => void;
  /** What happened to a lead shown before this list (its data erased). */
  notice: Message;
  /** Changes when the list must be read again. */
  reloadKey: number;
}

/** Typing waits this long before searching, so each keystroke does not cost a request. */
const SEARCH_DELAY_MS = 400;

export default function LeadsScreen({ viewer, focus, onOpen, notice, reloadKey }: Props) {
  const [typed, setTyped] = useState('');
  const [busca, setBusca] = useState('');
  const [filters, setFilters] = useState<LeadFilterValues>(noLeadFilters);
  const { list, reload, loadMore, search } = usePagedList<LeadRow>(painelPaths.leads, { busca, ...filters }, reloadKey);

  useEffect(() => {
    const timer = setTimeout(() => setBusca(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setBusca(typed.trim());
  }

  function clear() {
    setFilters(noLeadFilters);
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
      <form role="search" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="grid min-w-0 flex-1 gap-1.5">
          <label htmlFor="leads-busca" className={ui.label}>
            Buscar
          </label>
          <input
            id="leads-busca"
            type="search"
            maxLength={SEARCH_MAX}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-describedby="leads-busca-dica"
            className={ui.input}
          />
          <p id="leads-busca-dica" className={ui.hint}>
            Nome, e-mail, empresa, CNPJ ou telefone.
          </p>
        </div>
        <button type="submit" className={`${ui.secondary} sm:mb-7`}>
          Pesquisar
        </button>
      </form>
      <LeadFilters values={filters} onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))} onClear={clear} />
      <div>
        <ListState list={list} empty="Nenhum lead encontrado." noun={list.items.length === 1 ? 'lead' : 'leads'} onRetry={() => void reload()} />
        {list.phase === 'ready' && <LeadList items={list.items} hasMore={list.next !== null} loadingMore={list.loadingMore} loadMore={loadMore} onOpen={onOpen} />}
      </div>
    </section>
  );
}
