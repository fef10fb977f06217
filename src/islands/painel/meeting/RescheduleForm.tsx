// "Reagendar": a day, "Mesmo consultor" or "Qualquer consultor" (the routing rules choose), a free time of
// that day (the site's own availability, as the lead's calendar shows it), and "Confirmar novo horário".
// The lead then gets the updated invite and mail, as when they move it themself.
import { useRef, useState } from 'react';
import { apiPaths, type AvailabilityResponse, type AvailabilitySlot } from '../../../domain/api';
import { painelPaths, type MeetingView, type RescheduleInput } from '../../../domain/painel/api';
import { painelMessages } from '../../../domain/painel/copy';
import { queryString, request } from '../api';
import { useFocusLater } from '../focus';
import { SelectField, TextField } from '../form/Field';
import { BusyButton, PainelForm } from '../form/PainelForm';
import { useFormSubmit } from '../form/useFormSubmit';
import { RadioGroup } from '../RadioGroup';
import { ui } from '../styles';
import { Notice } from '../ui';

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
  const form = useFormSubmit<'day'>();
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
    form.refuse({});
  }

  async function submit() {
    // The day is the first choice, so its field carries "choose a day and a time".
    if (form.refuse({ day: !day || !time ? painelMessages.rescheduleInput : null })) return;
    const body: RescheduleInput = { scheduledDate: day, scheduledTime: time, consultant, idempotencyKey: key };
    const result = await form.send(() => request<MeetingView>(painelPaths.reschedule(meeting.id), { method: 'POST', body }));
    if (!result) return;
    if (!result.ok) return form.setMessage({ kind: 'alert', text: result.error });
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
    <PainelForm form={form} onSubmit={() => void submit()} aria-labelledby={`${idPrefix}-reagendar`} className="grid gap-4">
      <h3 id={`${idPrefix}-reagendar`} className={ui.subheading}>
        Reagendar
      </h3>
      <TextField
        id={`${idPrefix}-novo-dia`}
        label="Novo dia"
        inputRef={dayField}
        type="date"
        min={todayInBrasilia()}
        value={day}
        onValue={(value) => choose({ day: value })}
        error={form.errors.day}
      />
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
      <Notice message={form.message} focus />
      <div className="flex flex-col gap-3 sm:flex-row">
        <BusyButton busy={form.busy} label="Confirmar novo horário" busyLabel="Reagendando…" className={ui.primary} />
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
    </PainelForm>
  );
}
