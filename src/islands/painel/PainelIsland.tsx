// Island of /painel, the staff console: the session decides between "Entrar" and the console.
import { usePainelSession } from './usePainelSession';
import { ConsoleShell } from './ConsoleShell';
import { LoginScreen } from './LoginScreen';
import { ui } from './styles';
import { RetryAlert } from './ui';

export default function PainelIsland() {
  const { state, retry, signedIn, signOut } = usePainelSession();

  if (state.phase === 'signedIn') return <ConsoleShell key={state.viewer.email} viewer={state.viewer} moved={state.moved} onSignOut={signOut} />;
  if (state.phase === 'signedOut') return <LoginScreen notice={state.notice} focus={state.moved} onSignedIn={signedIn} />;
  // The first paint (also the server's HTML): the page's heading and what is going on.
  return (
    <div className="grid gap-4">
      <h1 className={ui.heading}>Painel</h1>
      {state.phase === 'loading' ? (
        <p role="status" className="text-slate-600">
          Carregando o painel…
        </p>
      ) : (
        <RetryAlert error={state.message} onRetry={() => void retry()} />
      )}
    </div>
  );
}
