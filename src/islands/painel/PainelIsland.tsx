// Island of /painel, the staff console: the session decides between "Entrar" and the console.
import { usePainelSession } from './usePainelSession';
import { ConsoleShell } from './ConsoleShell';
import { LoginScreen } from './LoginScreen';
import { ui } from './styles';

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
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-4">
          <p className="font-medium text-red-900">{state.message}</p>
          <button type="button" onClick={() => void retry()} className={`${ui.small} mt-3`}>
            Tentar de novo
          </button>
        </div>
      )}
    </div>
  );
}
