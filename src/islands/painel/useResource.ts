// One record read from the API (a meeting, a lead, the team), with `replace` for what an action answered.
import { useCallback, useEffect, useRef, useState } from 'react';
import { request } from './api';
import { takePreloaded } from './preload';

export type Resource<T> = { phase: 'loading' } | { phase: 'error'; error: string } | { phase: 'ready'; data: T };

export function useResource<T>(url: string) {
  const [state, setState] = useState<Resource<T>>({ phase: 'loading' });
  const generation = useRef(0);

  const load = useCallback(async () => {
    const id = ++generation.current;
    // The first screen's data may already be on its way (preload.ts).
    const result = (await takePreloaded<T>(url)) ?? (await request<T>(url));
    if (id !== generation.current) return;
    setState(result.ok ? { phase: 'ready', data: result.data } : { phase: 'error', error: result.error });
  }, [url]);

  useEffect(() => {
    void load();
  }, [load]);

  const replace = useCallback((data: T) => {
    generation.current++;
    setState({ phase: 'ready', data });
  }, []);

  /** Reads again; what is shown stays until the answer comes (a refresh after a change). */
  return { state, replace, reload: load };
}
