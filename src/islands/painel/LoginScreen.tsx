// "Entrar": the e-mail gets a one-time code (POST code), the code opens a session (POST signIn).
// Two forms so "Receber código" can be pressed again for a new code while the code field is shown: the
// code already received stays good until it expires, so the code field stays whatever the new request
// answers. The "sent" note shows only while no error does (it would contradict a refusal beside it).
import { useRef, useState } from 'react';
import { painelPaths, type Viewer } from '../../domain/painel/api';
import { painelMessages } from '../../domain/painel/copy';
import { request } from './api';
import { useFocusLater } from './focus';
import { TextField } from './form/Field';
import { BusyButton, PainelForm } from './form/PainelForm';
import { looksLikeEmail } from './form/looksLikeEmail';
import { useFormSubmit } from './form/useFormSubmit';
import { ui } from './styles';
import { Notice, ScreenHeading } from './ui';


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
  const [sent, setSent] = useState<string | null>(null);
  /** A code was asked at least once: the code field stays, even when a later request is refused. */
  const [asked, setAsked] = useState(false);
  // One per form (each finds its own first invalid field); one alert for both, and one send at a time.
  const ask = useFormSubmit<'email'>();
  const enter = useFormSubmit<'code'>();
  const busy = ask.busy || enter.busy;
  const codeRef = useRef<HTMLInputElement>(null);
  const focusLater = useFocusLater();

  async function askCode() {
    if (busy) return;
    enter.setMessage(null);
    const address = email.trim();
    if (ask.refuse({ email: looksLikeEmail(address) ? null : painelMessages.email })) return setSent(null);
    const result = await ask.send(() => request<{ message: string }>(painelPaths.code, { method: 'POST', body: { email: address }, own401: true }));
    if (!result) return;
    if (result.ok) {
      setSent(result.data?.message || painelMessages.codeSent);
      setAsked(true);
      setCode('');
      enter.refuse({});
      return focusLater(codeRef);
    }
    setSent(null);
    if (result.status === 400) ask.refuse({ email: result.error });
    else ask.setMessage({ kind: 'alert', text: result.error });
  }

  async function signIn() {
    if (busy) return;
    ask.setMessage(null);
    const value = code.trim();
    if (enter.refuse({ code: value ? null : painelMessages.code })) return setSent(null);
    const result = await enter.send(() => request<Viewer>(painelPaths.signIn, { method: 'POST', body: { email: email.trim(), code: value }, own401: true }));
    if (!result) return;
    if (result.ok) return onSignedIn(result.data);
    setSent(null);
    if (result.status === 400 && result.error === painelMessages.email) ask.refuse({ email: result.error });
    else if (result.status === 400 || result.status === 401) enter.refuse({ code: result.error });
    else enter.setMessage({ kind: 'alert', text: result.error });
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
      <PainelForm form={ask} onSubmit={() => void askCode()} className="grid gap-4">
        <TextField id="painel-email" label="E-mail" type="email" autoComplete="email" inputMode="email" value={email} onValue={setEmail} error={ask.errors.email} />
        <BusyButton busy={ask.busy} disabled={busy} label="Receber código" busyLabel="Enviando…" className={sent ? ui.secondary : ui.primary} />
      </PainelForm>
      {/* Always present, so the sent answer is announced when it arrives. */}
      <div role="status">{sent && <p className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 font-medium text-emerald-900">{sent}</p>}</div>
      {asked && (
        <PainelForm form={enter} onSubmit={() => void signIn()} className="grid gap-4">
          <TextField
            id="painel-codigo"
            label="Código"
            autoComplete="one-time-code"
            autoCapitalize="characters"
            maxLength={20}
            value={code}
            onValue={setCode}
            error={enter.errors.code}
            inputRef={codeRef}
          />
          <BusyButton busy={enter.busy} disabled={busy} label="Entrar" busyLabel="Entrando…" className={ui.primary} />
        </PainelForm>
      )}
      <Notice message={ask.message ?? enter.message} focus />
    </div>
  );
}
