// A keyset-paged list (Page<T>): the first page again whenever the query changes, then 'Carregar mais'
// with the `next` cursor. An answer to an older query is dropped (filters change faster than the network).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '../../domain/painel/api';
import { queryString, request } from './api';

export type PagedList<T> = {
  items: T[];
  next: string | null;
  /** What the first page said besides its rows (a list's total, a filter's choices); null until it came. */
  meta: Record<string, unknown> | null;
  phase: 'loading' | 'ready' | 'error';
  loadingMore: boolean;
  error: string | null;
};

export function usePagedList<T>(path: string, query: Record<string, string | undefined>, reloadKey = 0) {
  const [list, setList] = useState<PagedList<T>>({ items: [], next: null, meta: null, phase: 'loading', loadingMore: false, error: null });
  const generation = useRef(0);
  // The query as a string: a new object with the same filters does not reload.
  const search = queryString(query);

  const load = useCallback(async () => {
    const id = ++generation.current;
    setList((l) => ({ ...l, phase: 'loading', error: null }));
    const result = await request<Page<T>>(path + search);
    if (id !== generation.current) return;
    if (result.ok) {
      const { items, next, ...meta } = result.data;
      setList({ items, next, meta, phase: 'ready', loadingMore: false, error: null });
    } else setList({ items: [], next: null, meta: null, phase: 'error', loadingMore: false, error: result.error });
  }, [path, search]);

  useEffect(() => {
    void load();
  }, [load, reloadKey]);

  /** Appends the next page; resolves to how many items were there before (the first new one's index). */
  const loadMore = useCallback(async () => {
    const cursor = list.next;
    if (!cursor || list.loadingMore) return null;
    const id = generation.current;
    const before = list.items.length;
    setList((l) => ({ ...l, loadingMore: true, error: null }));
    const params = new URLSearchParams(search.slice(1));
    params.set('cursor', cursor);
    const result = await request<Page<T>>(`${path}?${params}`);
    if (id !== generation.current) return null;
    if (result.ok) {
      setList((l) => ({ ...l, items: [...l.items, ...result.data.items], next: result.data.next, loadingMore: false }));
      return before;
    }
    setList((l) => ({ ...l, loadingMore: false, error: result.error }));
    return null;
  }, [list.next, list.loadingMore, list.items.length, path, search]);

  return { list, reload: load, loadMore, search };
}

/** Focuses the row at `index` of a list (after 'Carregar mais', the first new row: the button may vanish). */
export function focusRow(container: HTMLElement | null, index: number | null) {
  if (index === null || !container) return;
  requestAnimationFrame(() => container.querySelectorAll<HTMLElement>('[data-row]')[index]?.focus());
}
