// The meeting behind this page's manage token: loaded on start, re-read on demand, replaced by what
// each action answers. The token is read from sessionStorage (see token.ts), never from the address.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MeetingView } from '../../domain/manage';
import { readToken, TOKEN_EVENT } from './token';
import { viewMeeting } from './manageApi';

export type MeetingState =
  | { phase: 'loading' }
  /** No token, or the server does not know it (404) or rejects it (400). */
  | { phase: 'invalid'; message?: string }
  /** Network error, 5xx or 429: worth another try. */
  | { phase: 'error'; message?: string }
  | { phase: 'ready'; meeting: MeetingView };

export function useManagedMeeting() {
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<MeetingState>({ phase: 'loading' });
  const request = useRef(0);

  const load = useCallback(async (target: string | null, quiet = false) => {
    const id = ++request.current;
    if (!target) return setState({ phase: 'invalid' });
    if (!quiet) setState({ phase: 'loading' });
    const result = await viewMeeting(target);
    if (id !== request.current) return;
    if (result.kind === 'done') setState({ phase: 'ready', meeting: result.value });
    else if (quiet) return; // a background re-read keeps what is shown
    else if (result.status === 404 || result.status === 400) setState({ phase: 'invalid', message: 'message' in result ? result.message : undefined });
    else setState({ phase: 'error', message: 'message' in result ? result.message : undefined });
  }, []);

  useEffect(() => {
    const start = () => {
      const current = readToken();
      setToken(current);
      void load(current);
    };
    start();
    // Another manage link opened in this tab changes only the fragment: no reload, so listen.
    window.addEventListener(TOKEN_EVENT, start);
    return () => window.removeEventListener(TOKEN_EVENT, start);
  }, [load]);

  return {
    token,
    state,
    /** Shows the meeting an action answered with. */
    show: useCallback((meeting: MeetingView) => {
      request.current++;
      setState({ phase: 'ready', meeting });
    }, []),
    reload: useCallback(() => load(token), [load, token]),
    /** Re-reads without a loading state (after a failed action the meeting may have changed). */
    refresh: useCallback(() => load(token, true), [load, token]),
  };
}
