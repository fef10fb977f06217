// 'Excluir dados' (mentor): asks first, in place; the lead's e-mail typed again is the confirmation the
// endpoint checks. Answers how many rows went, for the list's status line.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { painelPaths } from '../../../domain/painel/api';
import { painelMessages } from '../../../domain/painel/copy';
import { request } from '../api';
import { useFocusLater } from '../focus';
import { ui } from '../styles';
import { Notice, TextField, type Message } from '../ui';

type Removed = { leads: number; meetings: number; outbox: number };

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const summary = (r: Removed) =>
  `Dados excluídos: ${count(r.leads, 'lead', 'leads')}, ${count(r.meetings, 'reunião', 'reuniões')} e ${count(r.outbox, 'e-mail', 'e-mails')}.`;

interface Props {
  idPrefix: string;
  leadId: string;
  email: string;
  onCancel: () => void;
  onErased: (summary: string) => void;
}

export function EraseLead({ idPrefix, leadId, email, onCancel, onErased }: Props) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const focusLater = useFocusLater();
  // Opened by 'Excluir dados': the confirmation field is the next thing to do.
  useEffect(() => field.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (typed.trim().toLowerCase() !== email.toLowerCase()) {
      setError(painelMessages.confirmErase);
      return focusLater(field);
    }
    setError(null);
    setBusy(true);
    const result = await request<Removed>(painelPaths.leadErase(leadId), { method: 'POST', body: { confirm: typed.trim() } });
    setBusy(false);
    if (result.ok) return onErased(summary(result.data));
    if (result.status === 400) {
      setError(result.error);
      return focusLater(field);
    }
    setFailure({ kind: 'alert', text: result.error });
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${idPrefix}-excluir`} className="grid gap-4 rounded-2xl border border-red-200 bg-red-50 p-4 sm:p-5">
      <h3 id={`${idPrefix}-excluir`} className="text-lg font-bold text-red-900">
        Excluir os dados deste lead?
      </h3>
      <p className="text-slate-800">
        O lead, suas reuniões e os e-mails guardados serão apagados de vez. Para confirmar, digite o e-mail do lead: <strong className={ui.wrap}>{email}</strong>
      </p>
      <TextField
        id={`${idPrefix}-confirmar`}
        label="E-mail do lead"
        type="email"
        autoComplete="off"
        value={typed}
        onValue={setTyped}
        error={error}
        inputRef={field}
      />
      <Notice message={failure} focus />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} disabled={busy} className={ui.secondary}>
          Cancelar
        </button>
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className={ui.danger}>
          {busy ? 'Excluindo…' : 'Confirmar exclusão'}
        </button>
      </div>
    </form>
  );
}
