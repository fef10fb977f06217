// "Cancelar reunião": the button opens a one-line "Motivo" (required, up to 200 characters) and
// "Confirmar cancelamento"; the lead and the consultant then get what the consultant's mail link sends.
// A second press while the first is on its way does nothing; an answer "já foi cancelada" is shown as is.
import { useRef, useState } from 'react';
import { CANCEL_MOTIVO_MAX, painelPaths, type CancelInput, type MeetingView } from '../../../domain/painel/api';
import { painelMessages } from '../../../domain/painel/copy';
import { request } from '../api';
import { useFocusLater } from '../focus';
import { TextField } from '../form/Field';
import { BusyButton, PainelForm } from '../form/PainelForm';
import { useFormSubmit } from '../form/useFormSubmit';
import { ui } from '../styles';
import { Notice } from '../ui';

interface Props {
  idPrefix: string;
  meetingId: string;
  onCancelled: (meeting: MeetingView) => void;
}

export function CancelForm({ idPrefix, meetingId, onCancelled }: Props) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const form = useFormSubmit<'reason'>();
  const field = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusLater();

  function show() {
    setOpen(true);
    focusLater(field);
  }

  function keep() {
    setOpen(false);
    form.refuse({});
    form.setMessage(null);
    focusLater(opener);
  }

  async function submit() {
    const text = reason.trim();
    if (form.refuse({ reason: !text || text.length > CANCEL_MOTIVO_MAX ? painelMessages.cancelReason : null })) return;
    const body: CancelInput = { reason: text };
    const result = await form.send(() => request<MeetingView>(painelPaths.cancel(meetingId), { method: 'POST', body }));
    if (!result) return;
    if (!result.ok) return form.setMessage({ kind: 'alert', text: result.error });
    onCancelled(result.data);
  }

  if (!open)
    return (
      <button type="button" ref={opener} onClick={show} className={ui.dangerOutline}>
        Cancelar reunião
      </button>
    );
  return (
    <PainelForm form={form} onSubmit={() => void submit()} aria-labelledby={`${idPrefix}-cancelar`} className="grid gap-4">
      <h3 id={`${idPrefix}-cancelar`} className={ui.subheading}>
        Cancelar reunião
      </h3>
      <TextField
        id={`${idPrefix}-motivo`}
        label="Motivo"
        value={reason}
        onValue={setReason}
        inputRef={field}
        maxLength={CANCEL_MOTIVO_MAX}
        required
        hint="Uma linha, até 200 caracteres. O lead e o consultor recebem o cancelamento por e-mail."
        error={form.errors.reason}
      />
      <Notice message={form.message} focus />
      <div className="flex flex-col gap-3 sm:flex-row">
        <BusyButton busy={form.busy} label="Confirmar cancelamento" busyLabel="Cancelando…" className={ui.danger} />
        <button type="button" onClick={keep} className={ui.secondary}>
          Manter a reunião
        </button>
      </div>
    </PainelForm>
  );
}
