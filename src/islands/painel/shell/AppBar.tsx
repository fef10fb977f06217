// The console's own bar (the site's header, menu and footer are not on /painel): the name, the screens, and
// the account's actions behind one "Conta" button. Compact on a 390 px phone (two rows, about 100 px of
// 844: tests/browser/painel-header.test.ts holds the budget): the screens are one row that scrolls
// sideways instead of three rows of buttons; on a wider screen they wrap.
import { useEffect, useRef } from 'react';
import type { Viewer } from '../../../domain/painel/api';
import type { PainelSection } from '../../../domain/painel/address';
import { AccountMenu } from './AccountMenu';
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
  const row = useRef<HTMLUListElement>(null);
  // The screen shown stays in view in the sideways row (Back, a link, a reload on the last screens).
  useEffect(() => {
    const list = row.current;
    const shown = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !shown || list.scrollWidth <= list.clientWidth) return;
    const left = shown.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + shown.offsetWidth > list.scrollLeft + list.clientWidth) list.scrollLeft = Math.max(0, left - 16);
  }, [current]);
  return (
    <header className="min-w-0 border-b border-slate-200 pb-2">
      <div className="flex items-center gap-3">
        <h1 className="text-xl font-bold text-slate-900">Painel</h1>
        <p className="min-w-0 flex-1 truncate text-sm text-slate-600" title={viewer.email}>
          {viewer.name ?? viewer.email}
        </p>
        <AccountMenu viewer={viewer} busy={busy} onSignOut={onSignOut} />
      </div>
      <nav aria-label="Seções do painel" className="mt-2">
        <ul ref={row} className="-mx-1 flex gap-1 overflow-x-auto px-1 py-0.5 [scrollbar-width:none] sm:flex-wrap sm:overflow-visible">
          {sections.map((s) => (
            <li key={s} className="shrink-0">
              <button
                type="button"
                aria-current={current === s ? 'page' : undefined}
                onClick={() => onSection(s)}
                className={`min-h-11 rounded-full px-4 py-2 text-base font-semibold whitespace-nowrap ${ui.focusRing} ${current === s ? 'bg-slate-900 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200'}`}
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
