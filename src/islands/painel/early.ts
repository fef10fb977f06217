// The requests the page's <head> started (early-start.mjs), taken once each by whoever reads that URL first.
import { EARLY_GLOBAL } from './early-start.mjs';

type Early = Record<string, { at: number; answer: Promise<Response> } | undefined>;

/** The early request of `url` (removed: a second read asks again), or null when the head did not start one. */
export function takeEarly(url: string) {
  const all = typeof window === 'undefined' ? undefined : ((window as unknown as Record<string, Early | undefined>)[EARLY_GLOBAL]);
  const early = all?.[url];
  if (!early) return null;
  delete all[url];
  return early;
}
