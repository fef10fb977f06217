// A place of the console (a meeting, a lead) shown as a real link to its address, so a long press, a middle
// click or "Abrir em nova aba" open it elsewhere as any link does; a plain click moves through the console
// instead (useAddress pushes the entry, and the link is remembered to get the focus back on return).
import type { MouseEvent } from 'react';

/** Opens in the console on a plain primary click; leaves a modified or other-button click to the browser. */
export function followInConsole<E extends HTMLElement>(open: (opener: E) => void) {
  return (e: MouseEvent<E>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    open(e.currentTarget);
  };
}
