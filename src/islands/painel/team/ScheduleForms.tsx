// A consultant's working hours ("hours") and time off ("off"), written as the command takes them.
import { useRef, useState } from 'react';
import type { TeamMember } from '../../../domain/painel/api';
import { useFocusLater } from '../focus';
import { TextField } from '../ui';
import { CommandForm } from './CommandForm';
import { useCommand } from './useCommand';

interface Props {
  idPrefix: string;
  member: TeamMember;
  onDone: () => void;
}

export function HoursForm({ idPrefix, member, onDone }: Props) {
  const [hours, setHours] = useState(member.hours ?? '');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const focusLater = useFocusLater();
  const { busy, message, run } = useCommand(onDone);
  return (
    <CommandForm
      id={`${idPrefix}-horarios`}
      title="Horários"
      submit="Salvar horários"
      busy={busy}
      message={message}
      onSubmit={() => {
        if (!hours.trim()) return setError('Informe os horários.'), focusLater(field);
        setError(null);
        void run('hours', [member.email, hours.trim()]);
      }}
    >
      <TextField
        id={`${idPrefix}-horarios-campo`}
        label="Horários de atendimento"
        hint="Ex.: seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00"
        value={hours}
        onValue={setHours}
        error={error}
        inputRef={field}
        autoComplete="off"
      />
    </CommandForm>
  );
}

const dateHint = 'AAAA-MM-DD ou AAAA-MM-DDTHH:MM, horário de Brasília';
const datePattern = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/;

export function TimeOffForm({ idPrefix, member, onDone }: Props) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const fromRef = useRef<HTMLInputElement>(null);
  const toRef = useRef<HTMLInputElement>(null);
  const focusLater = useFocusLater();
  const { busy, message, run } = useCommand(onDone);

  async function submit() {
    const next = {
      from: datePattern.test(from.trim()) ? undefined : `Informe o início (${dateHint}).`,
      to: datePattern.test(to.trim()) ? undefined : `Informe o fim (${dateHint}).`,
    };
    setErrors(next);
    if (next.from) return focusLater(fromRef);
    if (next.to) return focusLater(toRef);
    const args = [member.email, from.trim(), to.trim(), ...(reason.trim() ? [reason.trim()] : [])];
    if (!(await run('off', args))) return;
    setFrom('');
    setTo('');
    setReason('');
  }

  return (
    <CommandForm id={`${idPrefix}-folga`} title="Folga" submit="Registrar folga" busy={busy} message={message} onSubmit={() => void submit()}>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id={`${idPrefix}-folga-de`} label="De" hint={dateHint} value={from} onValue={setFrom} error={errors.from} inputRef={fromRef} autoComplete="off" />
        <TextField id={`${idPrefix}-folga-ate`} label="Até" hint={dateHint} value={to} onValue={setTo} error={errors.to} inputRef={toRef} autoComplete="off" />
      </div>
      <TextField id={`${idPrefix}-folga-motivo`} label="Motivo (opcional)" value={reason} onValue={setReason} maxLength={200} autoComplete="off" />
    </CommandForm>
  );
}
