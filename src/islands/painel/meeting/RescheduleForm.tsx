// "Reagendar": a day, "Mesmo consultor" or "Qualquer consultor" (the routing rules choose), a free time of
// that day (the site's own availability, as the lead's calendar shows it), and "Confirmar novo horário".
// The lead then gets the updated invite and mail, as when they move it themself.
import { useRef, useState, type FormEvent } from 'react';
import { apiPaths, type AvailabilityResponse, type AvailabilitySlot } from '../../../domain/api';
import { painelPaths, type MeetingView, type RescheduleInput } from '../../../domain/painel/api';
import { painelMessages } from '../../../domain/painel/copy';
import { queryString, request } from '../api';
import { useFocusLater } from '../focus';
import { RadioGroup } from '../RadioGroup';
import { ui } from '../styles';
import { Notice, SelectField, type Message } from '../ui';

interface Props {
  idPrefix: string;
  meeting: MeetingView;
  onRescheduled: (meeting: MeetingView) => void;
}

type Slots = { phase: 'idle' | 'loading' } | { phase: 'ready'; slots: AvailabilitySlot[] } | { phase: 'error'; error: string };
const todayInBrasilia = () => new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

export function RescheduleForm({ idPrefix, meeting, onRescheduled }: Props) {
  const [open, setOpen] = useState(false);
  const [day, setDay] = useState('');
  const [consultant, setConsultant] = useState<RescheduleInput['consultant']>('same');
  const [time, setTime] = useState('');
  const [slots, setSlots] = useState<Slots>({ phase: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  // One key per chosen time: a double click or a retry is the same move, never two.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const dayField = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const focusLater = useFocusLater();

  // The free times of the chosen day, asked when the day or the consultant choice changes; an answer to
  // an earlier choice is dropped.
  const asked = useRef(0);
  async function loadSlots(nextDay: string, nextConsultant: RescheduleInput['consultant']) {
    const id = ++asked.current;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(nextDay) || Number(nextDay.slice(0, 4)) < 2000) return setSlots({ phase: 'idle' });
    setSlots({ phase: 'loading' });
    const query = queryString({ date: nextDay, lead: meeting.lead.id, keep: nextConsultant === 'same' ? meeting.consultant.id : undefined });
    const result = await request<AvailabilityResponse>(apiPaths.availability + query);
    if (id !== asked.current) return;
    if (!result.ok) return setSlots({ phase: 'error', error: result.error });
    const free = result.data.availableSlots.filter((s) => nextConsultant === 'any' || s.presellerId === meeting.consultant.id);
    setSlots({ phase: 'ready', slots: free });
  }

  function choose(patch: { day?: string; consultant?: RescheduleInput['consultant']; time?: string }) {
    if (patch.day !== undefined) setDay(patch.day);
    if (patch.consultant !== undefined) setConsultant(patch.consultant);
    if (patch.day !== undefined || patch.consultant !== undefined) void loadSlots(patch.day ?? day, patch.consultant ?? consultant);
    setTime(patch.time ?? '');
    setKey(crypto.randomUUID());
    setError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    if (!day || !time) {
      setError(painelMessages.rescheduleInput);
      return focusLater(dayField);
    }
    setBusy(true);
    const body: RescheduleInput = { scheduledDate: day, scheduledTime: time, consultant, idempotencyKey: key };
    const result = await request<MeetingView>(painelPaths.reschedule(meeting.id), { method: 'POST', body });
    setBusy(false);
    if (!result.ok) return setMessage({ kind: 'alert', text: result.error });
    onRescheduled(result.data);
  }

  if (!open)
    return (
      <button type="button" ref={opener} onClick={() => (setOpen(true), focusLater(dayField))} className={ui.secondary}>
        Reagendar
      </button>
    );
  const options = slots.phase === 'ready' ? slots.slots.map((s) => ({ value: s.time, label: consultant === 'any' ? `${s.time} · ${s.presellerName}` : s.time })) : [];
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${idPrefix}-reagendar`} className="grid gap-4">
      <h3 id={`${idPrefix}-reagendar`} className={ui.subheading}>
        Reagendar
      </h3>
      <div className="grid gap-1.5">
        <label htmlFor={`${idPrefix}-novo-dia`} className={ui.label}>
          Novo dia
        </label>
        <input
          id={`${idPrefix}-novo-dia`}
          ref={dayField}
          type="date"
          min={todayInBrasilia()}
          value={day}
          onChange={(e) => choose({ day: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${idPrefix}-reagendar-erro` : undefined}
          className={ui.input}
        />
      </div>
      <RadioGroup
        id={`${idPrefix}-consultor`}
        legend="Consultor"
        options={[
          { value: 'same', label: `Mesmo consultor (${meeting.consultant.name})` },
          { value: 'any', label: 'Qualquer consultor (pelas regras de distribuição)' },
        ]}
        value={consultant}
        onValue={(value) => choose({ consultant: value })}
      />
      {slots.phase === 'loading' && <p role="status" className="text-slate-600">Buscando horários livres…</p>}
      {slots.phase === 'error' && <Notice message={{ kind: 'alert', text: slots.error }} />}
      {slots.phase === 'ready' && options.length === 0 && <p role="status" className="text-slate-700">Nenhum horário livre neste dia.</p>}
      {options.length > 0 && <SelectField id={`${idPrefix}-novo-horario`} label="Horário" empty="Escolha" value={time} onValue={(value) => choose({ time: value })} options={options} />}
      {error && (
        <p id={`${idPrefix}-reagendar-erro`} role="alert" className={ui.error}>
          {error}
        </p>
      )}
      <Notice message={message} focus />
      <div className="flex flex-col gap-3 sm:flex-row">
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className={ui.primary}>
          {busy ? 'Reagendando…' : 'Confirmar novo horário'}
        </button>
        <button
          type="button"
          onClick={() => {
            setOpen(false);
            focusLater(opener);
          }}
          className={ui.secondary}
        >
          Manter o horário
        </button>
      </div>
    </form>
  );
}
