// The console's own bar (the site's header, menu and footer are not on /painel): the name, who is in and
// their role, the screens, "Sair". Compact: one line on a desktop, two on a 390 px phone.
import { useRef, useState } from 'react';
import type { Viewer } from '../../../domain/painel/api';
import type { PainelSection } from '../../../domain/painel/address';
import { roleLabels } from '../../../domain/painel/copy';
import { ui } from '../styles';

export const sectionLabels: Record<PainelSection, string> = {
  today: 'Hoje', meetings: 'Reuniões', leads: 'Leads', numbers: 'Números', team: 'Equipe', rules: 'Regras', integrations: 'Integrações', activity: 'Atividade',
  agenda: 'Minha agenda',
};

interface Props {
  viewer: Viewer;
  sections: PainelSection[];
  /** The screen shown, or under the lead or meeting shown. */
  current: PainelSection;
  onSection: (section: PainelSection) => void;
  busy: boolean;
  onSignOut: (everywhere: boolean) => void;
}

export function AppBar({ viewer, sections, current, onSection, busy, onSignOut }: Props) {
  // "Sair de todos os aparelhos" ends this person's sessions everywhere: asked once more (painel-polish #13).
  const [confirming, setConfirming] = useState(false);
  const everywhere = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const ask = () => {
    setConfirming(true);
    requestAnimationFrame(() => confirm.current?.focus());
  };
  const keep = () => {
    setConfirming(false);
    requestAnimationFrame(() => everywhere.current?.focus());
  };
  return (
    <header className="border-b border-slate-200 pb-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="text-xl font-bold text-slate-900">Painel</h1>
        <p className={`min-w-0 flex-1 text-sm text-slate-600 ${ui.wrap}`} title={viewer.email}>
          {viewer.name ?? viewer.email} · {roleLabels[viewer.role]}
        </p>
        <div className="flex gap-2">
          <button type="button" disabled={busy} onClick={() => onSignOut(false)} className={ui.small}>
            Sair
          </button>
          {!confirming && (
            <button type="button" ref={everywhere} disabled={busy} onClick={ask} className={ui.small}>
              Sair de todos os aparelhos
            </button>
          )}
        </div>
      </div>
      {confirming && (
        <div role="group" aria-labelledby="painel-sair-todos" className="mt-2 flex flex-wrap items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2">
          <p id="painel-sair-todos" className="text-sm font-medium text-slate-900">
            Encerrar o painel em todos os aparelhos, inclusive neste?
          </p>
          <button type="button" ref={confirm} disabled={busy} onClick={() => onSignOut(true)} className={ui.small}>
            Sim, sair de todos
          </button>
          <button type="button" onClick={keep} className={ui.small}>
            Cancelar
          </button>
        </div>
      )}
      <nav aria-label="Seções do painel" className="mt-2">
        <ul className="flex flex-wrap gap-1">
          {sections.map((s) => (
            <li key={s}>
              <button
                type="button"
                aria-current={current === s ? 'page' : undefined}
                onClick={() => onSection(s)}
                className={`min-h-11 rounded-full px-4 py-2 text-base font-semibold ${ui.focusRing} ${current === s ? 'bg-slate-900 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'}`}
              >
                {sectionLabels[s]}
              </button>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
