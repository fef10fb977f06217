// Island of /painel, the staff console: the session decides between "Entrar" and the console.
import { usePainelSession } from './usePainelSession';
import { ConsoleShell } from './shell/lazyConsole';
import { LazyScreen } from './shell/LazyScreen';
import { LoginScreen } from './LoginScreen';
import { ui } from './styles';
import { RetryAlert } from './ui';

export default function PainelIsland() {
  const { state, retry, signedIn, signOut } = usePainelSession();

  if (state.phase === 'signedIn') {
    const { viewer, moved } = state;
    return <LazyScreen screen={ConsoleShell} render={(Console) => <Console key={viewer.email} viewer={viewer} moved={moved} onSignOut={signOut} />} />;
  }
  if (state.phase === 'signedOut')
    return (
      <main>
        <LoginScreen notice={state.notice} focus={state.moved} onSignedIn={signedIn} />
      </main>
    );
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
