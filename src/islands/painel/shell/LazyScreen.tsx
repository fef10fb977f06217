// A screen loaded on first use, kept mounted while hidden, behind its own boundary: a failure to load it
// (or to draw it) shows "Tentar de novo" there, and the rest of the console stays on screen.
import { Suspense, useReducer, type ComponentType, type ReactNode } from 'react';
import { Skeleton } from '../Skeleton';
import type { Reloadable } from './lazyScreen';
import { ScreenBoundary } from './ScreenBoundary';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each screen has its own
interface Props<C extends ComponentType<any>> {
  screen: Reloadable<C>;
  render: (Screen: C) => ReactNode;
  hidden?: boolean;
  /** What shows while the code arrives: a skeleton of the screen by default. */
  fallback?: ReactNode;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each screen has its own
export function LazyScreen<C extends ComponentType<any>>({ screen, render, hidden = false, fallback = <Skeleton /> }: Props<C>) {
  // A retry swaps the screen's lazy component; this render must pick up the new one.
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  return (
    <div hidden={hidden}>
      <ScreenBoundary
        onRetry={(reload) => {
          if (reload) screen.retry();
          rerender();
        }}
      >
        <Suspense fallback={fallback}>
          {render(screen.current())}
        </Suspense>
      </ScreenBoundary>
    </div>
  );
}
