// A screen loaded when first opened, that can be loaded again: React.lazy keeps a failed import for good,
// so each retry makes a new lazy component. The retry asks for the chunk again under a fresh query
// string too, in case the browser kept the failed fetch of the plain address.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** The screen's code could not be fetched (ScreenBoundary says so in the connection's words). */
export class ChunkLoadError extends Error {}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each screen has its own
export type Reloadable<C extends ComponentType<any>> = { current: () => LazyExoticComponent<C>; retry: () => void };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each screen has its own
export function lazyScreen<C extends ComponentType<any>>(url: string): Reloadable<C> {
  let attempt = 0;
  const make = () => {
    const address = attempt === 0 ? url : `${url}${url.includes('?') ? '&' : '?'}tentativa=${attempt}`;
    return lazy(() =>
      (import(/* @vite-ignore */ address) as Promise<{ default: C }>).catch((error: unknown) => {
        throw new ChunkLoadError(String(error));
      }),
    );
  };
  let component = make();
  return {
    current: () => component,
    retry: () => {
      attempt += 1;
      component = make();
    },
  };
}
