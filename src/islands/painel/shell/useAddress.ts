// The console's place lives in the address (src/domain/painel/address.ts): moving pushes a history entry,
// so the phone's Back and Forward move between screens, leads and meetings as in any app, and a reload or
// a copied address opens the same place. Changing a list's filters replaces the entry (Back does not
// replay each select). history.state counts the console's own entries, so "Voltar" knows whether the
// previous entry is still in the console or the place was opened directly (a mail, a reload).
import { useCallback, useLayoutEffect, useState } from 'react';
import { parsePlace, placeHash, type PainelPlace } from '../../../domain/painel/address';

type Entry = { painelDepth: number };
const depth = () => (history.state as Entry | null)?.painelDepth ?? 0;

export type Move = 'push' | 'replace';

export function useAddress() {
  const [place, setPlace] = useState<PainelPlace>(() => parsePlace(location.hash));

  // In the commit, not after the paint: a Back pressed as soon as the console shows must find the listener.
  useLayoutEffect(() => {
    // The address as the console writes it (an old #sem-desfecho, an unknown word → the place it opened).
    const canonical = placeHash(parsePlace(location.hash));
    if (location.hash !== canonical) history.replaceState({ painelDepth: depth() } satisfies Entry, '', canonical);
    // Back, Forward, and a fragment typed or pasted into the address bar.
    const onPop = () => setPlace(parsePlace(location.hash));
    addEventListener('popstate', onPop);
    // A move made between the first render and now.
    if (placeHash(parsePlace(location.hash)) !== placeHash(place)) onPop();
    return () => removeEventListener('popstate', onPop);
  }, []);

  const go = useCallback((next: PainelPlace, move: Move = 'push') => {
    const hash = placeHash(next);
    if (move === 'push' && hash === location.hash) return setPlace(next);
    const entry: Entry = { painelDepth: depth() + (move === 'push' ? 1 : 0) };
    if (move === 'push') history.pushState(entry, '', hash);
    else history.replaceState(entry, '', hash);
    setPlace(next);
  }, []);

  /** Back to the previous place of the console, or (opened directly) to `fallback` in place of this entry. */
  const back = useCallback((fallback: PainelPlace) => {
    if (depth() > 0) history.back();
    else go(fallback, 'replace');
  }, [go]);

  return { place, go, back };
}
