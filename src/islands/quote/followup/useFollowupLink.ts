// "Preencheu mas não agendou": /orcamento#agendar=<token> (the link of the follow-up mail) reopens the
// scheduling dialog for that lead. The page's head script (src/pages/orcamento.astro) takes the token out
// of the address before any other script runs; this hook takes it from there (or from a fragment changed
// in place, a link opened in this same tab) and loads the code that opens it only then (openLink.tsx: a
// lazy chunk, nothing on a plain visit).
import { useEffect, useState } from 'react';

declare global {
  interface Window {
    /** The follow-up token the head script moved out of the address. */
    __agendar?: string;
  }
}

const PREFIX = '#agendar=';

function takeToken(): string | null {
  let token = window.__agendar ?? null;
  window.__agendar = undefined;
  if (location.hash.startsWith(PREFIX)) {
    token = location.hash.slice(PREFIX.length);
    history.replaceState(history.state, '', location.pathname + location.search);
  }
  return token;
}

/** A pt-BR message when the link no longer opens anything (null otherwise), and how to dismiss it. */
export function useFollowupLink(): [string | null, () => void] {
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const take = () => {
      const token = takeToken();
      if (token !== null) void import('./openLink').then((m) => m.openFollowupLink(token)).then(setProblem);
    };
    take();
    addEventListener('hashchange', take);
    return () => removeEventListener('hashchange', take);
  }, []);
  return [problem, () => setProblem(null)];
}
