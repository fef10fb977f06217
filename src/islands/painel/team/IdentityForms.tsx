// Who the consultant is: the name and the e-mail (the e-mail signs them in and receives their mails; the
// server refuses one another consultant has, next to the field), and Desativar / Reativar.
import { useRef, useState } from 'react';
import type { TeamMember } from '../../../domain/painel/api';
import { useFocusLater } from '../focus';
import { ui } from '../styles';
import { TextField } from '../ui';
import { CommandForm } from './CommandForm';
import { useCommand } from './useCommand';

interface Props {
  idPrefix: string;
  member: TeamMember;
  onDone: () => void;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function IdentityForm({ idPrefix, member, onDone }: Props) {
  const [name, setName] = useState(member.name);
  const [email, setEmail] = useState(member.email);
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const focusLater = useFocusLater();
  const { busy, message, run } = useCommand(onDone);
  const id = `${idPrefix}-identidade`;

  async function submit() {
    const next = {
      name: name.trim().length >= 2 ? undefined : 'Informe o nome do consultor.',
      email: emailPattern.test(email.trim()) ? undefined : 'Informe um e-mail válido.',
    };
    setErrors(next);
    if (next.name) return focusLater(nameRef);
    if (next.email) return focusLater(emailRef);
    if (name.trim() !== member.name) {
      const done = await run('rename', [member.email, name.trim()], { quiet: true });
      if (!done.ok) return setErrors({ name: done.error }), focusLater(nameRef);
    }
    if (email.trim().toLowerCase() !== member.email.toLowerCase()) {
      const done = await run('email', [member.email, email.trim()], { quiet: true });
      if (!done.ok) return setErrors({ email: done.error }), focusLater(emailRef);
    }
  }

  return (
    <CommandForm id={id} title="Nome e e-mail" submit="Salvar nome e e-mail" busy={busy} message={message} onSubmit={() => void submit()}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id={`${id}-nome`} label="Nome" autoComplete="off" value={name} onValue={setName} error={errors.name} inputRef={nameRef} />
        <TextField id={`${id}-email`} label="E-mail" hint="É com ele que o consultor entra no painel." type="email" autoComplete="off" value={email} onValue={setEmail} error={errors.email} inputRef={emailRef} />
      </div>
    </CommandForm>
  );
}

export function ActiveForm({ idPrefix, member, onDone }: Props) {
  const { busy, message, run } = useCommand(onDone);
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const back = () => (setConfirming(false), requestAnimationFrame(() => opener.current?.focus()));
  if (!member.active) {
    return (
      <CommandForm id={`${idPrefix}-reativar`} title="Reativar" submit="Reativar consultor" busy={busy} message={message} onSubmit={() => void run('reactivate', [member.email])}>
        <p className={ui.hint}>{member.name} volta a receber agendamentos, com os horários e a agenda de antes.</p>
      </CommandForm>
    );
  }
  return (
    <CommandForm
      id={`${idPrefix}-desativar`}
      title="Desativar"
      submit={confirming ? 'Confirmar desativação' : 'Desativar consultor'}
      busy={busy}
      message={message}
      danger={confirming}
      onSubmit={() => (confirming ? void run('deactivate', [member.email]).then(() => setConfirming(false)) : setConfirming(true))}
      extra={
        confirming && (
          <button type="button" className={ui.secondary} onClick={back}>
            Cancelar
          </button>
        )
      }
    >
      <p className={ui.hint}>{confirming ? `${member.name} deixa de receber novos agendamentos. As reuniões marcadas continuam.` : 'O consultor deixa de receber novos agendamentos (você pode reativá-lo depois).'}</p>
    </CommandForm>
  );
}
