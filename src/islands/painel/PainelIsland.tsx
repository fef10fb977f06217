// Island of /painel, the staff console: the session decides between "Entrar" and the console.
import { useSyncExternalStore } from 'react';
import { usePainelSession } from './usePainelSession';
import { ConsoleShell } from './shell/lazyConsole';
import { LazyScreen } from './shell/LazyScreen';
import { LoginScreen } from './LoginScreen';
import { readSignedInHint } from './signedInHint';
import { ConsoleSkeleton } from './Skeleton';
import { startConsole } from './startConsole';
import { ui } from './styles';
import { RetryAlert } from './ui';

// Someone was signed in on this browser: the console's code and the first screen's start now, beside the
// session check (which still decides: the hint opens nothing).
const hintAtStart = typeof window === 'undefined' ? null : readSignedInHint();
if (hintAtStart) startConsole();

const noChanges = () => () => {};

export default function PainelIsland() {
  const { state, retry, signedIn, signOut } = usePainelSession();
  // The server's HTML has no hint (it cannot know): hydration matches it, then the frame replaces it.
  const hint = useSyncExternalStore(noChanges, () => hintAtStart, () => null);

  if (state.phase === 'signedIn') {
    const { viewer, moved } = state;
    const frame = <ConsoleSkeleton hint={{ role: viewer.role, agenda: viewer.name !== null }} />;
    return <LazyScreen screen={ConsoleShell} fallback={frame} render={(Console) => <Console key={viewer.email} viewer={viewer} moved={moved} onSignOut={signOut} />} />;
  }
  if (state.phase === 'signedOut')
    return (
      <main>
        <LoginScreen notice={state.notice} focus={state.moved} onSignedIn={signedIn} />
      </main>
    );
  if (state.phase === 'loading' && hint) return <ConsoleSkeleton hint={hint} />;
  // The first paint (also the server's HTML): the page's heading, what the console is for, and what is
  // going on. The description is the largest text of the first paint, so the sign-in or the console that
  // replace it (after the script and the session check) never hold back the page's LCP.
  return (
    <main className="grid gap-4">
      <h1 className={ui.heading}>Painel</h1>
      <p className="max-w-prose text-lg text-slate-700">
        O painel da equipe do Mentor Solar: as reuniões e seus desfechos, os leads, a equipe de pré-vendas e o registro de atividade.
      </p>
      {state.phase === 'loading' ? (
        <p role="status" className="text-slate-600">
          Carregando o painel…
        </p>
      ) : (
        <RetryAlert error={state.message} onRetry={() => void retry()} />
      )}
    </main>
  );
}
