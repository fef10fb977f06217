// The meetings list's tabs, as the ARIA tabs pattern has them: one tab stop, arrows/Home/End move and
// select (each tab only changes the list's query, so selecting on move is cheap), the panel named by its tab.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ui } from './styles';

interface Props<T extends string> {
  id: string;
  label: string;
  tabs: readonly T[];
  labels: Record<T, string>;
  selected: T;
  onSelect: (tab: T) => void;
  children: ReactNode;
}

export function Tabs<T extends string>({ id, label, tabs, labels, selected, onSelect, children }: Props<T>) {
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.indexOf(selected);
    const target = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    onSelect(next);
    list.current?.querySelector<HTMLElement>(`#${id}-${next}`)?.focus();
  }

  return (
    <>
      {/* Wraps to a second line at 390 px rather than scrolling sideways. */}
      <div ref={list} role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map((tab) => {
          const active = tab === selected;
          return (
            <button
              key={tab}
              id={`${id}-${tab}`}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={`${id}-painel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab)}
              onKeyDown={onKeyDown}
              className={`-mb-px min-h-11 border-b-2 px-3 py-2 text-base ${ui.focusRing} ${active ? 'border-amber-500 font-semibold text-slate-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            >
              {labels[tab]}
            </button>
          );
        })}
      </div>
      <div id={`${id}-painel`} role="tabpanel" aria-labelledby={`${id}-${selected}`} className="pt-4">
        {children}
      </div>
    </>
  );
}
