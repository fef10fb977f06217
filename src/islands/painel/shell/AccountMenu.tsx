// "Conta": who is signed in, their role, "Sair" and "Sair de todos os aparelhos", behind one button (a
// disclosure: the button says whether it is open, Escape or a click elsewhere closes it and the focus goes
// back to the button). "Sair de todos os aparelhos" ends every session of this person, this one included:
// asked once more; the sign-in then says it was done (painelMessages.signedOutEverywhere).
import { useEffect, useId, useRef, useState } from 'react';
import type { Viewer } from '../../../domain/painel/api';
import { roleLabels } from '../../../domain/painel/copy';
import { ui } from '../styles';

interface Props {
  viewer: Viewer;
  busy: boolean;
  onSignOut: (everywhere: boolean) => void;
}

export function AccountMenu({ viewer, busy, onSignOut }: Props) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const everywhere = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);

  const close = (refocus: boolean) => {
    setOpen(false);
    setConfirming(false);
    if (refocus) toggle.current?.focus();
  };

  // A click or a tap outside closes it, as any menu does (the focus stays where the click put it); Escape
  // closes it too, and from inside it the focus goes back to "Conta".
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) close(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(wrapper.current?.contains(document.activeElement) ?? false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  const ask = () => {
    setConfirming(true);
    requestAnimationFrame(() => confirm.current?.focus());
  };
  const keep = () => {
    setConfirming(false);
    requestAnimationFrame(() => everywhere.current?.focus());
  };

  return (
    <div ref={wrapper} className="relative">
      <button ref={toggle} type="button" aria-expanded={open} aria-controls={panelId} onClick={() => (open ? close(false) : setOpen(true))} className={ui.small}>
        Conta <span aria-hidden="true" className="ml-1">{open ? '▴' : '▾'}</span>
      </button>
      <div id={panelId} hidden={!open} className="absolute right-0 z-20 mt-1 grid w-72 max-w-[calc(100vw-2rem)] gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
        <p className={`text-sm text-slate-700 ${ui.wrap}`}>
          <span className="font-semibold text-slate-900">{viewer.name ?? viewer.email}</span> · {roleLabels[viewer.role]}
          {viewer.name && <span className="block">{viewer.email}</span>}
        </p>
        <button type="button" disabled={busy} onClick={() => onSignOut(false)} className={ui.small}>
          Sair
        </button>
        {confirming ? (
          <div role="group" aria-labelledby={`${panelId}-todos`} className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-2">
            <p id={`${panelId}-todos`} className="text-sm font-medium text-slate-900">
              Encerrar o painel em todos os aparelhos, inclusive neste?
            </p>
            <button type="button" ref={confirm} disabled={busy} onClick={() => onSignOut(true)} className={ui.small}>
              Sim, sair de todos
            </button>
            <button type="button" onClick={keep} className={ui.small}>
              Cancelar
            </button>
          </div>
        ) : (
          <button type="button" ref={everywhere} disabled={busy} onClick={ask} className={ui.small}>
            Sair de todos os aparelhos
          </button>
        )}
      </div>
    </div>
  );
}
