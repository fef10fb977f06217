// A link to a place of the console (a filtered list): a real <a href="#…"> (open in a new tab, copy the
// address), moved through the console's history on a plain click so Back returns here.
import type { MouseEvent, ReactNode } from 'react';
import { placeHash, type PainelPlace } from '../../../domain/painel/address';
import { ui } from '../styles';

export function PlaceLink({ place, onGo, children, label }: { place: PainelPlace; onGo: (place: PainelPlace) => void; children: ReactNode; label?: string }) {
  const follow = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onGo(place);
  };
  return (
    <a href={placeHash(place)} onClick={follow} aria-label={label} className={`${ui.link} tabular-nums`}>
      {children}
    </a>
  );
}
