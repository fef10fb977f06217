// The manage token arrives in the link's fragment (`/reuniao#t=<token>`): a fragment is never sent to a
// server, so it reaches no log. An inline script in the page's <head> (src/pages/reuniao.astro, runs
// before any other script, analytics included) moves it to sessionStorage under this key and drops it
// from the address, so `page_location` and any Referer never hold it; a reload still finds it here.

export const TOKEN_STORAGE_KEY = 'reuniao:token';
/** Fired by the head script when a link is opened in this same tab (only the fragment changed). */
export const TOKEN_EVENT = 'reuniao:token';

declare global {
  interface Window {
    /** Where the head script keeps the token when sessionStorage is blocked. */
    __reuniaoToken?: string;
  }
}

export function readToken(): string | null {
  try {
    const stored = sessionStorage.getItem(TOKEN_STORAGE_KEY);
    if (stored) return stored;
  } catch {
    // storage blocked: fall back to the page's memory
  }
  return window.__reuniaoToken || null;
}
