// "Horários" as a grid (issue 33): a row per weekday, Monday first, with "Atende" on/off and one or more
// intervals picked from 30-minute steps; "Copiar para todos os dias" gives every day that is on the same
// intervals. The grid is checked here (message next to the field, focus to the first) and saved as the
// 'hours' command (week-grid.ts → formatHours), which the server checks again with the CLI's parser.
import { useState } from 'react';
import type { TeamMember } from '../../../domain/painel/api';
import { checkGrid, dayNames, gridCommandText, gridFromRanges, gridOrder, gridTimes, hoursInWords, MAX_RANGES_PER_DAY, rangesFromGrid, timeWords, type WeekGrid } from '../../../domain/scheduling/week-grid';
import { SelectField } from '../form/Field';
import { ui } from '../styles';
import { CommandForm } from './CommandForm';
import { useCommand } from './useCommand';

const DEFAULT_RANGE = { start: '09:00', end: '18:00' };
/** A new interval: an hour from where the last one ends. */
function nextRange(after = DEFAULT_RANGE.start) {
  const at = Math.max(0, gridTimes.indexOf(after));
  return { start: gridTimes[Math.min(at, gridTimes.length - 2)], end: gridTimes[Math.min(at + 2, gridTimes.length - 1)] };
}

const timeChoices = gridTimes.map((t) => ({ value: t, label: timeWords(t) }));

export function HoursGrid({ idPrefix, member, onDone }: { idPrefix: string; member: TeamMember; onDone: () => void }) {
  const [grid, setGrid] = useState<WeekGrid>(() => gridFromRanges(member.ranges));
  const command = useCommand(onDone);
  const { errors } = command;
  const id = `${idPrefix}-horarios`;
  const fieldId = (key: string) => `${id}-${key}`;

  const change = (weekday: number, f: (day: WeekGrid[number]) => WeekGrid[number]) => setGrid((g) => g.map((d, i) => (i === weekday ? f(d) : d)));
  const copyToAll = (weekday: number) => setGrid((g) => g.map((d) => (d.on ? { on: true, ranges: g[weekday].ranges.map((r) => ({ ...r })) } : d)));

  function submit() {
    if (!command.refuse(checkGrid(grid))) void command.run('hours', [member.email, gridCommandText(grid)]);
  }

  return (
    <CommandForm id={id} title="Horários" submit="Salvar horários" form={command} onSubmit={submit}>
      <p className={ui.hint}>
        Agora: <span className="font-medium text-slate-800">{member.hoursWords}</span>
        {member.hours === null ? ' (o horário padrão)' : ''}. Depois de salvar: {hoursInWords(rangesFromGrid(grid)) || 'nenhum dia'}.
      </p>
      {errors.week && <p id={`${id}-semana-erro`} className={ui.error}>{errors.week}</p>}
      <div className="grid gap-3">
        {gridOrder.map((weekday, order) => {
          const day = grid[weekday];
          const name = dayNames[weekday];
          // A day's error is its switch's; no day on at all is the first switch's (the focus goes there).
          const switchError = errors[weekday] ? `${fieldId(String(weekday))}-erro` : order === 0 && errors.week ? `${id}-semana-erro` : undefined;
          return (
            <fieldset key={weekday} className="grid gap-2 rounded-xl border border-slate-200 px-3 py-2">
              <legend className="px-1 font-semibold text-slate-900">{name}</legend>
              <label className="flex min-h-11 items-center gap-2 text-slate-800">
                <input
                  id={fieldId(String(weekday))}
                  type="checkbox"
                  className="size-5 accent-amber-600"
                  checked={day.on}
                  aria-invalid={switchError ? true : undefined}
                  aria-describedby={switchError}
                  onChange={(e) => change(weekday, (d) => ({ on: e.target.checked, ranges: e.target.checked && d.ranges.length === 0 ? [{ ...DEFAULT_RANGE }] : d.ranges }))}
                />
                Atende {weekday === 0 || weekday === 6 ? 'no' : 'na'} {name.toLowerCase()}
              </label>
              {errors[weekday] && (
                <p id={`${fieldId(String(weekday))}-erro`} className={ui.error}>
                  {errors[weekday]}
                </p>
              )}
              {day.on &&
                day.ranges.map((r, i) => (
                  <div key={i} className="grid grid-cols-[1fr_1fr] items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
                    <SelectField id={fieldId(`${weekday}-${i}-start`)} label={`Início ${i + 1}`} options={timeChoices} value={r.start} error={errors[`${weekday}-${i}-start`]}
                      onValue={(v) => change(weekday, (d) => ({ ...d, ranges: d.ranges.map((x, j) => (j === i ? { ...x, start: v } : x)) }))} />
                    <SelectField id={fieldId(`${weekday}-${i}-end`)} label={`Fim ${i + 1}`} options={timeChoices} value={r.end} error={errors[`${weekday}-${i}-end`]}
                      onValue={(v) => change(weekday, (d) => ({ ...d, ranges: d.ranges.map((x, j) => (j === i ? { ...x, end: v } : x)) }))} />
                    {day.ranges.length > 1 && (
                      <button type="button" className={`${ui.small} col-span-2 sm:col-span-1`} aria-label={`Remover o intervalo ${i + 1} de ${name.toLowerCase()}`}
                        onClick={() => change(weekday, (d) => ({ ...d, ranges: d.ranges.filter((_, j) => j !== i) }))}>
                        Remover
                      </button>
                    )}
                  </div>
                ))}
              {day.on && (
                <div className="flex flex-wrap gap-2">
                  {day.ranges.length < MAX_RANGES_PER_DAY && (
                    <button type="button" className={ui.small} aria-label={`Adicionar intervalo: ${name.toLowerCase()}`}
                      onClick={() => change(weekday, (d) => ({ ...d, ranges: [...d.ranges, nextRange(d.ranges.at(-1)?.end)] }))}>
                      Adicionar intervalo
                    </button>
                  )}
                  <button type="button" className={ui.small} aria-label={`Copiar para todos os dias os horários de ${name.toLowerCase()}`} onClick={() => copyToAll(weekday)}>
                    Copiar para todos os dias
                  </button>
                </div>
              )}
            </fieldset>
          );
        })}
      </div>
    </CommandForm>
  );
}
