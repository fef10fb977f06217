// "Reuniões da semana" (issue 34, under Semanas): the meetings of one week, Monday to Sunday in Brasília.
// On a phone one day at a time — the week's days as a strip with their counts, and the day before/after —
// on a desktop the seven days side by side. Each meeting opens its own address (#reuniao=<id>). The week
// and the consultant live in Números' address (semana, consultor); the day shown is this screen's own.
import { useState } from 'react';
import { placeHash } from '../../../domain/painel/address';
import type { Viewer } from '../../../domain/painel/api';
import { formatDay } from '../../../domain/painel/numbers';
import { meetingCount, meetingStatus, weekdayLabel, weekPath, weekStart, type WeekView } from '../../../domain/painel/week';
import { addDays } from '../../../domain/scheduling/time';
import { queryString } from '../api';
import { dayKey, timeOf } from '../format';
import { followInConsole } from '../placeLink';
import { ui } from '../styles';
import { RetryAlert, SelectField } from '../ui';
import { useResource } from '../useResource';

interface Props {
  viewer: Viewer;
  /** Any day of the week (the address's `semana`); empty: this week. */
  week: string;
  /** The mentor's consultant filter (the address's `consultor`); empty: everyone. */
  consultant: string;
  onChange: (next: { semana: string; consultor: string }) => void;
  /** Opens a meeting; the link gets the focus back when the person comes back. */
  onOpen: (id: string, opener: HTMLElement | null) => void;
}

/** A real link to the meeting's address (a new tab, a copied address), moved through the console on a plain click. */
function MeetingLink({ id, label, onOpen, children }: { id: string; label: string; onOpen: Props['onOpen']; children: string }) {
  return (
    <a href={placeHash({ kind: 'meeting', id })} onClick={followInConsole((a) => onOpen(id, a))} aria-label={label} className={`${ui.link} tabular-nums`}>
      {children}
    </a>
  );
}

export function WeekMeetings({ viewer, week, consultant, onChange, onOpen }: Props) {
  const today = dayKey(new Date().toISOString());
  const monday = weekStart(week, today);
  const mentor = viewer.role === 'mentor';
  const { state, reload } = useResource<WeekView>(`${weekPath}${queryString({ de: monday, consultor: mentor ? consultant || undefined : undefined })}`);
  // The day a phone shows: today in this week, else its Monday; kept per week.
  const [picked, setPicked] = useState<{ monday: string; day: string } | null>(null);
  const day = picked?.monday === monday ? picked.day : today >= monday && today <= addDays(monday, 6) ? today : monday;
  const view = state.phase === 'ready' && state.data.de === monday ? state.data : null;
  const now = new Date();

  const goWeek = (days: number) => onChange({ semana: addDays(monday, days), consultor: consultant });
  const goDay = (next: string) => {
    if (next < monday || next > addDays(monday, 6)) {
      setPicked({ monday: weekStart(next, today), day: next });
      onChange({ semana: weekStart(next, today), consultor: consultant });
    } else setPicked({ monday, day: next });
  };

  return (
    <section aria-labelledby="numeros-semana-reunioes" className={`${ui.card} grid gap-3`}>
      <h3 id="numeros-semana-reunioes" className={ui.subheading}>
        Reuniões da semana
      </h3>
      <div className="flex flex-wrap items-end gap-2">
        <button type="button" className={ui.small} onClick={() => goWeek(-7)}>
          Semana anterior
        </button>
        <button type="button" className={ui.small} onClick={() => goWeek(7)}>
          Próxima semana
        </button>
        <button type="button" className={ui.small} onClick={() => onChange({ semana: '', consultor: consultant })} disabled={monday === weekStart(today, today)}>
          Esta semana
        </button>
        {mentor && (
          <div className="min-w-48 grow sm:grow-0">
            <SelectField id="numeros-semana-consultor" label="Consultor" value={consultant} empty="Todos os consultores"
              options={viewer.consultants.map((c) => ({ value: c.id, label: c.active ? c.name : `${c.name} (inativo)` }))}
              onValue={(v) => onChange({ semana: week, consultor: v })} />
          </div>
        )}
      </div>
      <p role="status" className="text-sm text-slate-700">
        {`Semana de ${formatDay(monday)} a ${formatDay(addDays(monday, 6))}/${addDays(monday, 6).slice(0, 4)}`}
        {view ? ` · ${meetingCount(view.days.reduce((n, d) => n + d.meetings.length, 0))}` : ''}
        {!mentor ? ' · só as suas reuniões' : ''}
      </p>
      {state.phase === 'loading' && <p className={ui.hint}>Carregando…</p>}
      {state.phase === 'error' && <RetryAlert error={state.error} onRetry={() => void reload()} />}
      {view?.truncated && <p className={ui.hint}>Semana com reuniões demais para mostrar todas: filtre por consultor.</p>}
      {/* The phone's day: before/after and the strip; a desktop shows every day, so none of this. The
          before/after row stays while another week loads (Sunday's "Próximo dia" opens next week): were it
          drawn with the week, the button pressed would leave the page and take the keyboard's place with it. */}
      <div className="grid gap-2 lg:hidden">
        <div className="flex items-center justify-between gap-2">
          <button type="button" className={ui.small} onClick={() => goDay(addDays(day, -1))}>
            ‹ Dia anterior
          </button>
          <span className="font-semibold text-slate-900">{weekdayLabel(day)}</span>
          <button type="button" className={ui.small} onClick={() => goDay(addDays(day, 1))}>
            Próximo dia ›
          </button>
        </div>
        {view && (
          <div role="group" aria-label="Dias da semana" className="grid grid-cols-7 gap-1">
            {view.days.map((d) => (
              // Named by its own text, whole ("Sex 27/11: 1 reunião"); the compact look is for the eye.
              <button key={d.day} type="button" aria-pressed={d.day === day} onClick={() => goDay(d.day)}
                className={`grid min-h-11 justify-items-center rounded-lg border px-0.5 py-1 text-xs ${ui.focusRing} ${d.day === day ? 'border-amber-500 bg-amber-50 font-semibold text-slate-900' : 'border-slate-200 text-slate-700'}`}>
                <span className="sr-only">{`${weekdayLabel(d.day)}: ${meetingCount(d.meetings.length)}`}</span>
                <span aria-hidden="true">{weekdayLabel(d.day).slice(0, 3)}</span>
                <span aria-hidden="true" className="tabular-nums">{d.day.slice(8, 10)}</span>
                <span aria-hidden="true" className="tabular-nums font-semibold">{d.meetings.length}</span>
              </button>
            ))}
          </div>
        )}
      </div>
      {view && (
        <>
          <div className="grid gap-3 lg:grid-cols-7 lg:gap-2">
            {view.days.map((d) => (
              <section key={d.day} aria-labelledby={`semana-${d.day}`} className={`min-w-0 ${d.day === day ? '' : 'hidden lg:block'}`}>
                <h4 id={`semana-${d.day}`} className="mb-2 text-sm font-bold text-slate-900">
                  {weekdayLabel(d.day)} <span className="font-medium text-slate-600">· {meetingCount(d.meetings.length)}</span>
                </h4>
                {d.meetings.length > 0 && (
                  <ol className="grid gap-2">
                    {d.meetings.map((m) => (
                      <li key={m.id} className={`rounded-xl border px-3 py-2 text-sm ${m.status === 'cancelled' ? 'border-slate-200 bg-slate-50' : 'border-slate-200'}`}>
                        <MeetingLink id={m.id} onOpen={onOpen} label={`${timeOf(m.startsAt)}, ${m.lead.name}, ${m.lead.company}`}>
                          {timeOf(m.startsAt)}
                        </MeetingLink>
                        <span className={`block font-medium text-slate-900 ${ui.wrap}`}>{m.lead.name}</span>
                        <span className={`block text-slate-700 ${ui.wrap}`}>{m.lead.company}</span>
                        <span className={`block text-slate-700 ${ui.wrap}`}>{m.consultant.name}</span>
                        <span className="block font-semibold text-slate-800">{meetingStatus(m, now)}</span>
                      </li>
                    ))}
                  </ol>
                )}
              </section>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
