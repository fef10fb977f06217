// "Entrar": the e-mail gets a one-time code (POST code), the code opens a session (POST signIn).
// Two forms so "Receber código" can be pressed again for a new code while the code field is shown: the
// code already received stays good until it expires, so the code field stays whatever the new request
// answers. The "sent" note shows only while no error does (it would contradict a refusal beside it).
import { useRef, useState, type FormEvent } from 'react';
import { painelPaths, type Viewer } from '../../domain/painel/api';
import { painelMessages } from '../../domain/painel/copy';
import { request } from './api';
import { useFocusLater } from './focus';
import { ui } from './styles';
import { Notice, ScreenHeading, TextField, type Message } from './ui';

// The server checks the address properly; this only catches what is plainly not one before a round trip.
const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

interface Props {
  /** Why the sign-in shows (the session ended), if it is not the first visit. */
  notice?: string;
  /** Take the focus (the user was sent here from the console). */
  focus: boolean;
  onSignedIn: (viewer: Viewer) => void;
}

export function LoginScreen({ notice, focus, onSignedIn }: Props) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  /** A code was asked at least once: the code field stays, even when a later request is refused. */
  const [asked, setAsked] = useState(false);
  const [failure, setFailure] = useState<Message>(null);
  const [busy, setBusy] = useState<'code' | 'signIn' | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const focusLater = useFocusLater();

  async function askCode(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const address = email.trim();
    if (!looksLikeEmail(address)) {
      setSent(null);
      setEmailError(painelMessages.email);
      focusLater(emailRef);
      return;
    }
    setEmailError(null);
    setBusy('code');
    const result = await request<{ message: string }>(painelPaths.code, { method: 'POST', body: { email: address }, own401: true });
    setBusy(null);
    if (result.ok) {
      setSent(result.data?.message || painelMessages.codeSent);
      setAsked(true);
      setCode('');
      setCodeError(null);
      focusLater(codeRef);
    } else if (result.status === 400) {
      setSent(null);
      setEmailError(result.error);
      focusLater(emailRef);
    } else {
      setSent(null);
      setFailure({ kind: 'alert', text: result.error });
    }
  }

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const value = code.trim();
    if (!value) {
      setSent(null);
      setCodeError(painelMessages.code);
      focusLater(codeRef);
      return;
    }
    setBusy('signIn');
    const result = await request<Viewer>(painelPaths.signIn, { method: 'POST', body: { email: email.trim(), code: value }, own401: true });
    setBusy(null);
    if (result.ok) return onSignedIn(result.data);
    setSent(null);
    if (result.status === 400 && result.error === painelMessages.email) {
      setEmailError(result.error);
      focusLater(emailRef);
    } else if (result.status === 400 || result.status === 401) {
      setCodeError(result.error);
      focusLater(codeRef);
    } else {
      setFailure({ kind: 'alert', text: result.error });
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-md gap-5">
      <ScreenHeading level={1} focus={focus}>
        Entrar
      </ScreenHeading>
      {notice && (
        <p role="status" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 font-medium text-slate-900">
          {notice}
        </p>
      )}
      <p className="text-base text-slate-600">Informe seu e-mail para receber um código de acesso.</p>
      <form noValidate onSubmit={askCode} className="grid gap-4">
        <TextField
          id="painel-email"
          label="E-mail"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onValue={setEmail}
          error={emailError}
          inputRef={emailRef}
        />
        <button type="submit" disabled={busy !== null} aria-busy={busy === 'code' || undefined} className={sent ? ui.secondary : ui.primary}>
          {busy === 'code' ? 'Enviando…' : 'Receber código'}
        </button>
      </form>
      {/* Always present, so the sent answer is announced when it arrives. */}
      <div role="status">{sent && <p className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 font-medium text-emerald-900">{sent}</p>}</div>
      {asked && (
        <form noValidate onSubmit={signIn} className="grid gap-4">
          <TextField
            id="painel-codigo"
            label="Código"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            maxLength={20}
            value={code}
            onValue={setCode}
            error={codeError}
            inputRef={codeRef}
          />
          <button type="submit" disabled={busy !== null} aria-busy={busy === 'signIn' || undefined} className={ui.primary}>
            {busy === 'signIn' ? 'Entrando…' : 'Entrar'}
          </button>
        </form>
      )}
      <Notice message={failure} focus />
    </div>
  );
}
