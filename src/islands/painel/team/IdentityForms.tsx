// Who the consultant is: the name and the e-mail (the e-mail signs them in and receives their mails; the
// server refuses one another consultant has, next to the field), and Desativar / Reativar.
import { useRef, useState } from 'react';
import type { TeamMember } from '../../../domain/painel/api';
import { soleActiveWarning } from '../../../domain/painel/rules';
import { TextField } from '../form/Field';
import { looksLikeEmail } from '../form/looksLikeEmail';
import { ui } from '../styles';
import { CommandForm } from './CommandForm';
import { OrphanedList } from './OrphanedList';
import { useCommand } from './useCommand';

interface Props {
  idPrefix: string;
  member: TeamMember;
  onDone: () => void;
}

/** A consultant's name and e-mail as the forms check them before the command (here and "Cadastrar consultor"). */
export function identityErrors(name: string, email: string) {
  return {
    name: name.trim().length >= 2 ? null : 'Informe o nome do consultor.',
    email: looksLikeEmail(email.trim()) ? null : 'Informe um e-mail válido.',
  };
}

export function IdentityForm({ idPrefix, member, onDone }: Props) {
  const [name, setName] = useState(member.name);
  const [email, setEmail] = useState(member.email);
  const command = useCommand<'name' | 'email'>(onDone);
  const { errors, refuse, run } = command;
  const id = `${idPrefix}-identidade`;

  async function submit() {
    if (refuse(identityErrors(name, email))) return;
    if (name.trim() !== member.name) {
      const done = await run('rename', [member.email, name.trim()], { quiet: true });
      if (!done.ok) return void refuse({ name: done.error });
    }
    if (email.trim().toLowerCase() !== member.email.toLowerCase()) {
      const done = await run('email', [member.email, email.trim()], { quiet: true });
      if (!done.ok) return void refuse({ email: done.error });
    }
  }

  return (
    <CommandForm id={id} title="Nome e e-mail" submit="Salvar nome e e-mail" form={command} onSubmit={() => void submit()}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id={`${id}-nome`} label="Nome" value={name} onValue={setName} error={errors.name} />
        <TextField id={`${id}-email`} label="E-mail" hint="É com ele que o consultor entra no painel." type="email" value={email} onValue={setEmail} error={errors.email} />
      </div>
    </CommandForm>
  );
}

export function ActiveForm({ idPrefix, member, onDone }: Props) {
  const command = useCommand(onDone);
  const { run } = command;
  const [confirming, setConfirming] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const back = () => (setConfirming(false), requestAnimationFrame(() => opener.current?.focus()));
  // After "Confirmar desativação" the card reads inactive: the meetings it left stay listed under "Reativar".
  const left = <OrphanedList answer={command.answer?.orphaned} />;
  if (!member.active) {
    return (
      <>
        <CommandForm id={`${idPrefix}-reativar`} title="Reativar" submit="Reativar consultor" form={command} onSubmit={() => void run('reactivate', [member.email])}>
          <p className={ui.hint}>{member.name} volta a receber agendamentos, com os horários e a agenda de antes.</p>
        </CommandForm>
        {left}
      </>
    );
  }
  return (
    <>
      <CommandForm
        id={`${idPrefix}-desativar`}
        title="Desativar"
        submit={confirming ? 'Confirmar desativação' : 'Desativar consultor'}
        form={command}
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
        <p className={ui.hint}>{confirming ? `${member.name} deixa de receber novos agendamentos. As reuniões marcadas continuam; se houver, você escolhe em seguida, uma a uma, reagendar com outro consultor ou manter.` : 'O consultor deixa de receber novos agendamentos (você pode reativá-lo depois).'}</p>
        {confirming && member.soleActiveIn.length > 0 && <p className={ui.warning}>{soleActiveWarning(member.name, member.soleActiveIn)}</p>}
      </CommandForm>
      {left}
    </>
  );
}
