// What this browser remembers of the last session check: that someone was signed in, and their role (which
// sections the bar has). With it the island starts the console's code, the first screen's code and its data
// together with the session check instead of one after the other, and paints the console's frame at once.
// Never trusted for anything else: it names no one, and the server authorises every call (a stale hint costs
// one answer of "signed out", which clears it).
import type { Viewer } from '../../domain/painel/api';
import { SIGNED_IN_HINT_KEY as KEY } from './early-start.mjs';

export type SignedInHint = { role: Viewer['role']; agenda: boolean };

export function readSignedInHint(): SignedInHint | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<SignedInHint> | null;
    return value && (value.role === 'mentor' || value.role === 'consultor') ? { role: value.role, agenda: value.agenda === true } : null;
  } catch {
    // No storage (a private window's quota, a blocked cookie setting): the console loads as without a hint.
    return null;
  }
}

/** After each session answer: the viewer, or null when signed out. */
export function writeSignedInHint(viewer: Viewer | null) {
  try {
    if (viewer) localStorage.setItem(KEY, JSON.stringify({ role: viewer.role, agenda: viewer.name !== null } satisfies SignedInHint));
    else localStorage.removeItem(KEY);
  } catch {
    // See readSignedInHint.
  }
}
