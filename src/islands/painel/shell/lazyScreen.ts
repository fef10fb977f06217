// A screen loaded when first opened, that can be loaded again: React.lazy keeps a failed import for good,
// so each retry makes a new lazy component. The retry asks for the chunk again under a fresh query
// string too, in case the browser kept the failed fetch of the plain address. `preload` starts the fetch
// before the screen renders (the console's first screen, alongside the session check); the render then
// uses that same fetch. With `deps` (the chunks the screen imports, at any depth: lazy-chunk-url.mjs) the
// preload asks for them all at once too: left to the imports, each level waits for the one above it, a
// round trip each (four for the console on "Slow 4G").
// A screen whose code is already here when it first renders (preloaded: the console and Hoje on a return
// visit) renders as itself, not through React.lazy: lazy suspends on its first render whatever the state
// of its import, and React reveals suspended content at most every 300 ms, so the console and Hoje, one
// inside the other, waited up to ~0.6 s with their code in hand (a return visit's trace on "Slow 4G").
import { lazy, type ComponentType } from 'react';

/** The screen's code could not be fetched (ScreenBoundary says so in the connection's words). */
export class ChunkLoadError extends Error {}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each screen has its own
export type Reloadable<C extends ComponentType<any>> = { current: () => C; retry: () => void; preload: () => void };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each screen has its own
export function lazyScreen<C extends ComponentType<any>>(url: string, deps: readonly string[] = []): Reloadable<C> {
  let attempt = 0;
  let depsAsked = false;
  const make = () => {
    const address = attempt === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}tentativa=${attempt}`;
    let loading: Promise<{ default: C }> | null = null;
    let loaded: C | null = null;
    const load = () =>
      (loading ??= (import(/* @vite-ignore */ address) as Promise<{ default: C }>).then(
        (module) => {
          loaded = module.default;
          return module;
        },
        (error: unknown) => {
          throw new ChunkLoadError(String(error));
        },
      ));
    const lazyComponent = lazy(load) as unknown as C;
    // The first answer stays: switching a rendered lazy component for the module's own would remount it.
    let chosen: C | null = null;
    return { current: () => (chosen ??= loaded ?? lazyComponent), load };
  };
  let made = make();
  return {
    current: () => made.current(),
    retry: () => {
      attempt += 1;
      made = make();
    },
    // A failure here shows when the screen renders (its boundary's "Tentar de novo").
    preload: () => {
      void made.load().catch(() => {});
      if (!depsAsked) {
        depsAsked = true;
        for (const href of deps) {
          // The page's head (early-start.mjs) may have preloaded it already.
          if (!href || document.head.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
          const link = document.createElement('link');
          link.rel = 'modulepreload';
          link.href = href;
          document.head.append(link);
        }
      }
    },
  };
}
