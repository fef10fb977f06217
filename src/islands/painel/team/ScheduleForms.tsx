// A consultant's time off ("Folgas"): the ones that have not ended, next first, each with "Remover"; and a
// new one from date pickers (a whole day, or from a time to a time), Brasília time. Checked here first
// (the end after the start and not in the past; a message next to the field), then the 'off' command,
// which checks the same again (functions/lib/admin/consultants.ts). Saved, it lists the meetings it leaves.
import { useState } from 'react';
import type { TeamMember } from '../../../domain/painel/api';
import { brDate } from '../../../domain/scheduling/time';
import { TextField } from '../form/Field';
import { dateTimeOf, dayKey, timeOf } from '../format';
import { ui } from '../styles';
import { Notice } from '../ui';
import { CommandForm } from './CommandForm';
import { OrphanedList } from './OrphanedList';
import { useCommand } from './useCommand';

interface Props {
  idPrefix: string;
  member: TeamMember;
  onDone: () => void;
}

/** "01/12/2026 (dia inteiro)", "01/12/2026 a 05/12/2026", "01/12/2026 das 14:00 às 18:00"… */
export function timeOffWords(t: { from: string; to: string }): string {
  const lastDay = dayKey(new Date(Date.parse(t.to) - 1).toISOString());
  const wholeDays = timeOf(t.from) === '00:00' && timeOf(t.to) === '00:00';
  if (wholeDays) return dayKey(t.from) === lastDay ? `${brDate(lastDay)} (dia inteiro)` : `${brDate(dayKey(t.from))} a ${brDate(lastDay)} (dias inteiros)`;
  if (dayKey(t.from) === dayKey(t.to)) return `${brDate(dayKey(t.from))} das ${timeOf(t.from)} às ${timeOf(t.to)}`;
  return `${dateTimeOf(t.from)} até ${dateTimeOf(t.to)}`;
}

function TimeOffItem({ member, item, onDone }: { member: TeamMember; item: TeamMember['timeOff'][number]; onDone: () => void }) {
  const { busy, message, run } = useCommand(onDone);
  const words = timeOffWords(item);
  return (
    <li className="grid gap-2 rounded-xl border border-slate-200 px-3 py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className={`text-slate-900 ${ui.wrap}`}>
          {words}
          {item.reason && <span className="text-slate-600"> · {item.reason}</span>}
        </p>
        <button type="button" disabled={busy} className={ui.small} aria-label={`Remover folga de ${words}`} onClick={() => void run('off-remove', [member.email, item.id])}>
          Remover
        </button>
      </div>
      <Notice message={message?.kind === 'alert' ? message : null} focus />
    </li>
  );
}

export function TimeOffList({ member, onDone }: { member: TeamMember; onDone: () => void }) {
  if (member.timeOff.length === 0) return <p className={ui.hint}>Nenhuma folga marcada.</p>;
  return (
    <ul aria-label={`Folgas de ${member.name}`} className="grid gap-2">
      {member.timeOff.map((t) => (
        <TimeOffItem key={t.id} member={member} item={t} onDone={onDone} />
      ))}
    </ul>
  );
}

type Errors = { from?: string; to?: string; fromTime?: string; toTime?: string };

export function TimeOffForm({ idPrefix, member, onDone }: Props) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [wholeDay, setWholeDay] = useState(true);
  const [fromTime, setFromTime] = useState('09:00');
  const [toTime, setToTime] = useState('18:00');
  const [reason, setReason] = useState('');
  const command = useCommand<keyof Errors | 'reason'>(onDone);
  const { errors, refuse } = command;
  const id = `${idPrefix}-folga`;

  async function submit() {
    const last = to || from;
    const now = new Date().toISOString();
    const today = dayKey(now);
    const next: Errors = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) next.from = 'Escolha o dia em que a folga começa.';
    if (to && !/^\d{4}-\d{2}-\d{2}$/.test(to)) next.to = 'Escolha o dia em que a folga termina.';
    if (!wholeDay && !/^\d{2}:\d{2}$/.test(fromTime)) next.fromTime = 'Escolha a hora de início.';
    if (!wholeDay && !/^\d{2}:\d{2}$/.test(toTime)) next.toTime = 'Escolha a hora do fim.';
    if (!next.from && !next.to) {
      const start = `${from}T${wholeDay ? '00:00' : fromTime}`;
      const end = `${last}T${wholeDay ? '24:00' : toTime}`;
      if (end <= start) next[wholeDay || last !== from ? 'to' : 'toTime'] = 'O fim da folga deve ser depois do início.';
      else if (end <= `${today}T${timeOf(now)}`) next[to ? 'to' : 'from'] = 'Esta folga já terminou: escolha um fim no futuro.';
    }
    if (refuse(next)) return;
    const args = [member.email, wholeDay ? from : `${from}T${fromTime}`, wholeDay ? last : `${last}T${toTime}`, ...(reason.trim() ? [reason.trim()] : [])];
    const done = await command.run('off', args, { quiet: true });
    // The server's refusal next to the field it is about.
    if (!done.ok) return void refuse({ [/motivo/i.test(done.error) ? 'reason' : /fim|terminou/i.test(done.error) ? 'to' : 'from']: done.error });
    setFrom('');
    setTo('');
    setReason('');
  }

  return (
    <>
      <CommandForm id={id} title="Folgas" submit="Marcar folga" form={command} onSubmit={() => void submit()}>
      <TimeOffList member={member} onDone={onDone} />
      <p className={ui.hint}>Nova folga (horário de Brasília): nesses dias e horas o consultor não recebe agendamentos.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id={`${id}-de`} label="Primeiro dia" type="date" value={from} onValue={setFrom} error={errors.from} />
        <TextField id={`${id}-ate`} label="Último dia" hint="Em branco: só o primeiro dia." type="date" value={to} min={from || undefined} onValue={setTo} error={errors.to} />
      </div>
      <label className="flex min-h-11 items-center gap-2 text-slate-800">
        <input type="checkbox" className="size-5 accent-amber-600" checked={wholeDay} onChange={(e) => setWholeDay(e.target.checked)} />
        Dia inteiro
      </label>
      {!wholeDay && (
        <div className="grid grid-cols-2 gap-3">
          <TextField id={`${id}-hora-de`} label="Das" type="time" step={1800} value={fromTime} onValue={setFromTime} error={errors.fromTime} />
          <TextField id={`${id}-hora-ate`} label="Até" type="time" step={1800} value={toTime} onValue={setToTime} error={errors.toTime} />
        </div>
      )}
      <TextField id={`${id}-motivo`} label="Motivo (opcional)" value={reason} onValue={setReason} maxLength={200} error={errors.reason} />
      </CommandForm>
      <OrphanedList answer={command.answer?.orphaned} />
    </>
  );
}
