// 'Registrar desfecho': attendance (three choices), 'Qualificado' (only when the lead came: a meeting that
// did not happen qualifies no one) and an optional note; answers the meeting as it is now. It opens with
// the outcome recorded so far, and keeps what was saved on screen (a change starts from it).
import { useState } from 'react';
import { attendanceValues, OUTCOME_NOTE_MAX, painelPaths, type Attendance, type MeetingView, type Outcome, type OutcomeInput } from '../../../domain/painel/api';
import { attendanceLabels } from '../../../domain/painel/copy';
import { request } from '../api';
import { TextAreaField } from '../form/Field';
import { BusyButton, PainelForm } from '../form/PainelForm';
import { useFormSubmit } from '../form/useFormSubmit';
import { RadioGroup } from '../RadioGroup';
import { ui } from '../styles';
import { Notice } from '../ui';

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
  const form = useFormSubmit<'attendance' | 'qualified'>();
  const { errors } = form;
  const attended = attendance === 'attended';

  async function submit() {
    // One question at a time, as they are asked: "Qualificado" only once "Compareceu" is chosen.
    const unanswered = !attendance ? { attendance: missing.attendance } : attended && !qualified ? { qualified: missing.qualified } : {};
    if (form.refuse(unanswered) || !attendance) return;
    const body: OutcomeInput = { attendance, qualified: attended ? qualified === 'sim' : null, note: note.trim() || null };
    const result = await form.send(() => request<MeetingView>(painelPaths.outcome(meetingId), { method: 'POST', body }));
    if (!result) return;
    if (!result.ok) return form.setMessage({ kind: 'alert', text: result.error });
    // What was saved stays chosen. The detail announces it: the form may go away with the answer (canRecordOutcome false).
    onRecorded(result.data);
  }

  return (
    <PainelForm form={form} onSubmit={() => void submit()} aria-labelledby={`${idPrefix}-desfecho-titulo`} className="grid gap-4">
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
      />
      {attended && (
        <RadioGroup id={`${idPrefix}-desfecho-qualificado`} legend="Qualificado" options={qualifiedOptions} value={qualified} onValue={setQualified} error={errors.qualified} inline />
      )}
      <TextAreaField
        id={`${idPrefix}-desfecho-observacao`}
        label="Observação (opcional)"
        rows={4}
        maxLength={OUTCOME_NOTE_MAX}
        value={note}
        onValue={setNote}
        hint={<span className="tabular-nums">{note.length} de {OUTCOME_NOTE_MAX.toLocaleString('pt-BR')} caracteres</span>}
      />
      <Notice message={form.message} focus />
      <div>
        <BusyButton busy={form.busy} label="Registrar desfecho" busyLabel="Registrando…" className={`${ui.primary} w-full sm:w-auto`} />
      </div>
    </PainelForm>
  );
}
