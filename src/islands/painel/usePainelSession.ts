// Who is signed in: asked once on load (GET session), set by sign-in, cleared by "Sair", by "Sair de
// todos os aparelhos" and by any 401 of any call (the session expired or was ended elsewhere).
import { useCallback, useEffect, useState } from 'react';
import { painelPaths, type Viewer } from '../../domain/painel/api';
import { painelMessages } from '../../domain/painel/copy';
import { answerOf, onSessionEnded, request, type ApiResult } from './api';
import { takeEarly } from './early';
import { writeSignedInHint } from './signedInHint';

export type SessionState =
  | { phase: 'loading' }
  /** `notice`: why the sign-in shows (the session ended); `moved`: the user got here by an action (focus the form). */
  | { phase: 'signedOut'; notice?: string; moved: boolean }
  /** The session check failed for another reason than 401 (network, 5xx): worth another try. */
  | { phase: 'error'; message: string }
  /** `moved`: the console opened from the sign-in (take the focus), not on the first paint. */
  | { phase: 'signedIn'; viewer: Viewer; moved: boolean };

/**
 * The first check starts when this module is evaluated, not after React's first render: on a slow phone that
 * render alone takes a few hundred milliseconds the request need not wait for.
 */
let firstCheck: Promise<ApiResult<Viewer | null>> | null = typeof window === 'undefined' ? null : firstSessionCheck();

/** The page's head may have asked already (early-start.mjs). */
function firstSessionCheck() {
  const early = takeEarly(painelPaths.session);
  return early ? answerOf<Viewer | null>(early.answer) : request<Viewer | null>(painelPaths.session);
}

export function usePainelSession() {
  const [state, setState] = useState<SessionState>({ phase: 'loading' });

  const check = useCallback(async () => {
    setState({ phase: 'loading' });
    // Signed out is the answer null, not a 401 (the endpoint's contract).
    const result = await (firstCheck ?? request<Viewer | null>(painelPaths.session));
    firstCheck = null;
    if (result.ok) writeSignedInHint(result.data);
    if (result.ok && result.data) setState({ phase: 'signedIn', viewer: result.data, moved: false });
    else if (result.ok) setState({ phase: 'signedOut', moved: false });
    else setState({ phase: 'error', message: result.error });
  }, []);

  useEffect(() => {
    void check();
    return onSessionEnded(() => {
      writeSignedInHint(null);
      setState({ phase: 'signedOut', notice: painelMessages.signedOut, moved: true });
    });
  }, [check]);

  const signedIn = useCallback((viewer: Viewer) => {
    writeSignedInHint(viewer);
    setState({ phase: 'signedIn', viewer, moved: true });
  }, []);

  /** Ends this session or every session of this person; the sign-in shows whatever the server answered. */
  const signOut = useCallback(async (everywhere: boolean) => {
    const result = await request<null>(everywhere ? painelPaths.signOutEverywhere : painelPaths.signOut, { method: 'POST', own401: true });
    // A 401 here means the session had already ended: the person is out either way.
    if (result.ok || result.status === 401) {
      writeSignedInHint(null);
      setState({ phase: 'signedOut', moved: true, notice: everywhere ? painelMessages.signedOutEverywhere : undefined });
    }
    return result.ok || result.status === 401 ? null : result.error;
  }, []);

  return { state, retry: check, signedIn, signOut };
}
