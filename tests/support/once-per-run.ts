// A globalSetup shared by the projects that list it (`unit` and `warm` in vitest.config.ts): vitest runs each
// project's globalSetup on its own, and a second PostgreSQL cluster or PGlite template costs ~18 CPU-s for
// nothing. The first project to start it does the work; each gets the same provided values; the last one
// to finish tears it down.
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';

type Provide = <K extends keyof ProvidedContext>(key: K, value: ProvidedContext[K]) => void;
type Entry = { provided: [keyof ProvidedContext, unknown][]; users: number; teardown?: () => unknown };
type Setup = (provide: Provide) => Promise<(() => unknown) | void>;

const runs = ((globalThis as { __oncePerRun?: Map<string, Promise<Entry>> }).__oncePerRun ??= new Map());

export function oncePerRun(key: string, setup: Setup) {
  return async ({ provide }: TestProject) => {
    let started = runs.get(key);
    if (!started) {
      started = (async () => {
        const provided: Entry['provided'] = [];
        const teardown = await setup((k, v) => void provided.push([k, v]));
        return { provided, users: 0, teardown: teardown ?? undefined };
      })();
      runs.set(key, started);
      started.catch(() => runs.delete(key));
    }
    const entry = await started;
    entry.users++;
    for (const [k, v] of entry.provided) provide(k, v as never);
    return async () => {
      if (--entry.users > 0) return;
      runs.delete(key);
      await entry.teardown?.();
    };
  };
}
