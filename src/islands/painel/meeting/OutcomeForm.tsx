// 'Registrar desfecho': attendance (three choices), 'Qualificado' (only when the lead came: a meeting that
// did not happen qualifies no one) and an optional note; answers the meeting as it is now. It opens with
// the outcome recorded so far, and keeps what was saved on screen (a change starts from it).
import { useRef, useState, type FormEvent } from 'react';
import { attendanceValues, OUTCOME_NOTE_MAX, painelPaths, type Attendance, type MeetingView, type Outcome, type OutcomeInput } from '../../../domain/painel/api';
import { attendanceLabels } from '../../../domain/painel/copy';
import { request } from '../api';
import { useFocusLater } from '../focus';
import { RadioGroup } from '../RadioGroup';
import { ui } from '../styles';
import { Notice, type Message } from '../ui';

const attendanceOptions = attendanceValues.map((value) => ({ value, label: attendanceLabels[value] }));
const qualifiedOptions = [
  { value: 'sim', label: 'Sim' },
  { value: 'nao', label: 'Não' },
] as const;

/** Each question's own words: "Qualificado" is asked only once "Compareceu" is chosen. */
const missing = { attendance: 'Escolha se houve comparecimento.', qualified: 'Escolha se o lead é qualificado.' } as const;

interface Props {
  /** Prefix of the form's ids (unique per mounted detail). */
  idPrefix: string;
  meetingId: string;
  /** The latest outcome (null: none yet): the form starts from it. */
  current: Outcome | null;
  onRecorded: (meeting: MeetingView) => void;
}

export function OutcomeForm({ idPrefix, meetingId, current, onRecorded }: Props) {
  const [attendance, setAttendance] = useState<Attendance | ''>(current?.attendance ?? '');
  const [qualified, setQualified] = useState<'sim' | 'nao' | ''>(current?.qualified === true ? 'sim' : current?.qualified === false ? 'nao' : '');
  const [note, setNote] = useState(current?.note ?? '');
  const [errors, setErrors] = useState<{ attendance?: string; qualified?: string }>({});
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const attendanceRef = useRef<HTMLInputElement>(null);
  const qualifiedRef = useRef<HTMLInputElement>(null);
  const focusLater = useFocusLater();
  const attended = attendance === 'attended';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    if (!attendance) {
      setErrors({ attendance: missing.attendance });
      return focusLater(attendanceRef);
    }
    if (attended && !qualified) {
      setErrors({ qualified: missing.qualified });
      return focusLater(qualifiedRef);
    }
    setErrors({});
    const body: OutcomeInput = { attendance, qualified: attended ? qualified === 'sim' : null, note: note.trim() || null };
    setBusy(true);
    const result = await request<MeetingView>(painelPaths.outcome(meetingId), { method: 'POST', body });
    setBusy(false);
    if (!result.ok) return setMessage({ kind: 'alert', text: result.error });
    // What was saved stays chosen. The detail announces it: the form may go away with the answer (canRecordOutcome false).
    onRecorded(result.data);
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${idPrefix}-desfecho-titulo`} className="grid gap-4">
      <h3 id={`${idPrefix}-desfecho-titulo`} className={ui.subheading}>
        Registrar desfecho
      </h3>
      <RadioGroup
        id={`${idPrefix}-desfecho-comparecimento`}
        legend="Comparecimento"
        options={attendanceOptions}
        value={attendance}
        onValue={setAttendance}
        error={errors.attendance}
        firstRef={attendanceRef}
      />
      {attended && (
        <RadioGroup id={`${idPrefix}-desfecho-qualificado`} legend="Qualificado" options={qualifiedOptions} value={qualified} onValue={setQualified} error={errors.qualified} firstRef={qualifiedRef} inline />
      )}
      <div className="grid gap-1.5">
        <label htmlFor={`${idPrefix}-desfecho-observacao`} className={ui.label}>
          Observação (opcional)
        </label>
        <textarea
          id={`${idPrefix}-desfecho-observacao`}
          rows={4}
          maxLength={OUTCOME_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-describedby={`${idPrefix}-desfecho-observacao-contador`}
          className={ui.input}
        />
        <p id={`${idPrefix}-desfecho-observacao-contador`} className={`${ui.hint} tabular-nums`}>
          {note.length} de {OUTCOME_NOTE_MAX.toLocaleString('pt-BR')} caracteres
        </p>
      </div>
      <Notice message={message} focus />
      <div>
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className={`${ui.primary} w-full sm:w-auto`}>
          {busy ? 'Registrando…' : 'Registrar desfecho'}
        </button>
      </div>
    </form>
  );
}
