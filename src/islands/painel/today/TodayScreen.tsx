// Hoje, the console's first screen: first "Precisa de você" (what needs someone, whatever day it happened;
// NeedsYou), then yesterday, today and the next 7 days at a glance — new leads, meetings booked, held,
// no-shows and without an outcome, each a link to the list with its exact filter, by consultant — and
// today's meetings in order. A consultant sees the same for their own meetings.
// Read again whenever the screen is shown (an outcome recorded meanwhile changes "Sem desfecho").
import { useEffect, useRef } from 'react';
import type { PainelPlace } from '../../../domain/painel/address';
import { painelPaths, type MeetingRow, type Page, type Viewer } from '../../../domain/painel/api';
import { attendanceLabels } from '../../../domain/painel/copy';
import { fairShareCopy } from '../../../domain/scheduling/fair-share';
import { figureLabels, formatDay, numbersPaths, type TodayView, type TodayWindow } from '../../../domain/painel/numbers';
import { queryString } from '../api';
import { timeOf } from '../format';
import { ui } from '../styles';
import { RetryAlert, ScreenHeading } from '../ui';
import { useResource } from '../useResource';
import { registerShell } from '../shell/registerShell';
import { NeedsYou } from './NeedsYou';
import { PlaceLink } from './PlaceLink';

interface Props {
  viewer: Viewer;
  focus: boolean;
  /** On screen now: each time it becomes true the figures are read again. */
  shown: boolean;
  onGo: (place: PainelPlace) => void;
}

/** "1 agendada", "2 agendadas". */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const list = (section: 'meetings' | 'leads', filters: Record<string, string>): PainelPlace => ({ kind: 'section', section, filters });

export default function TodayScreen({ viewer, focus, shown, onGo }: Props) {
  const numbers = useResource<TodayView>(numbersPaths.today);
  const day = numbers.state.phase === 'ready' ? numbers.state.data.windows.find((w) => w.key === 'hoje')?.de : undefined;
  const wasShown = useRef(shown);
  const { reload } = numbers;
  useEffect(() => {
    if (shown && !wasShown.current) void reload();
    wasShown.current = shown;
  }, [shown, reload]);

  const state = numbers.state;
  useEffect(() => {
    if (state.phase === 'ready') registerShell();
  }, [state.phase]);
  return (
    <section aria-labelledby="painel-secao-today" className="grid gap-5">
      <ScreenHeading id="painel-secao-today" focus={focus}>
        Hoje
      </ScreenHeading>
      {state.phase === 'loading' && <p role="status" className="text-slate-600">Carregando…</p>}
      {state.phase === 'error' && <RetryAlert error={state.error} onRetry={() => void reload()} />}
      {state.phase === 'ready' && <NeedsYou items={state.data.needsYou} onGo={onGo} />}
      {state.phase === 'ready' && <BehindShare behind={state.data.behind} viewer={viewer} onGo={onGo} />}
      {state.phase === 'ready' && (
        <div className="grid gap-4 lg:grid-cols-3">
          {state.data.windows.map((w) => (
            <WindowCard key={w.key} window={w} mentor={viewer.role === 'mentor'} onGo={onGo} />
          ))}
        </div>
      )}
      {day && <DayMeetings day={day} onGo={onGo} />}
    </section>
  );
}

/** The consultants far below their share in the routing window (the mentor's; none: nothing shown). */
function BehindShare({ behind, viewer, onGo }: { behind: TodayView['behind']; viewer: Viewer; onGo: (place: PainelPlace) => void }) {
  if (behind.consultants.length === 0) return null;
  const name = (id: string) => viewer.consultants.find((c) => c.id === id)?.name ?? 'Um consultor';
  return (
    <ul aria-label="Distribuição" className="grid gap-2">
      {behind.consultants.map((b) => (
        <li key={b.id} className="rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
          <span className="font-semibold">{name(b.id)}</span> está {fairShareCopy.flag}: {fairShareCopy.detail(b, behind.window)}.{' '}
          <PlaceLink place={{ kind: 'section', section: 'team', filters: {} }} onGo={onGo}>
            Ver na equipe
          </PlaceLink>
        </li>
      ))}
    </ul>
  );
}

/** Today's meetings in order: those over (the list's "Passadas", newest first: reversed) then those to come. */
function DayMeetings({ day, onGo }: { day: string; onGo: (place: PainelPlace) => void }) {
  const coming = useResource<Page<MeetingRow>>(`${painelPaths.meetings}${queryString({ aba: 'proximas', de: day, ate: day })}`);
  const over = useResource<Page<MeetingRow>>(`${painelPaths.meetings}${queryString({ aba: 'passadas', de: day, ate: day })}`);
  const failed = [coming.state, over.state].find((s) => s.phase === 'error');
  const loading = coming.state.phase === 'loading' || over.state.phase === 'loading';
  const rows = [
    ...(over.state.phase === 'ready' ? [...over.state.data.items].reverse() : []),
    ...(coming.state.phase === 'ready' ? coming.state.data.items : []),
  ];
  return (
    <section aria-labelledby="hoje-reunioes" className={`${ui.card} grid gap-3`}>
      <h3 id="hoje-reunioes" className={ui.subheading}>
        Reuniões de hoje
      </h3>
      {failed?.phase === 'error' && <RetryAlert error={failed.error} onRetry={() => void Promise.all([coming.reload(), over.reload()])} />}
      {loading && <p role="status" className={ui.hint}>Carregando…</p>}
      {!loading && !failed && rows.length === 0 && <p className={ui.hint}>Nenhuma reunião hoje.</p>}
      {rows.length > 0 && (
        <ol className="grid gap-2">
          {rows.map((m) => (
            <li key={m.id}>
              <button type="button" className={ui.row} onClick={() => onGo({ kind: 'meeting', id: m.id })}>
                <span className="font-semibold tabular-nums text-slate-900">{timeOf(m.startsAt)}</span>{' '}
                <span className={`text-slate-900 ${ui.wrap}`}>
                  {m.lead.name} · {m.lead.company}
                </span>
                <span className="block text-sm text-slate-700">
                  {m.consultant.name}
                  {m.outcome ? ` · ${attendanceLabels[m.outcome.attendance]}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function WindowCard({ window: w, mentor, onGo }: { window: TodayWindow; mentor: boolean; onGo: (place: PainelPlace) => void }) {
  const range = { de: w.de, ate: w.ate };
  const future = w.key === 'proximos';
  const days = w.de === w.ate ? formatDay(w.de) : `${formatDay(w.de)} a ${formatDay(w.ate)}`;
  const id = `hoje-${w.key}`;
  // Each number opens the list it counts: booked by the booking's date (every tab, cancelled ones too),
  // held and no-shows by their outcome.
  const booked = list('meetings', { data: 'agendamento', ...range });
  const figures: [string, number, PainelPlace][] = future
    ? [
        ['Reuniões marcadas', w.team.scheduled, list('meetings', { aba: 'proximas', ...range })],
        ['Agendadas nestes dias', w.team.booked, booked],
      ]
    : [
        ['Leads novos', w.leads, list('leads', range)],
        ['Agendadas', w.team.booked, booked],
        [figureLabels.held, w.team.held, list('meetings', { aba: 'passadas', desfecho: 'compareceu', ...range })],
        [figureLabels.noShows, w.team.noShows, list('meetings', { aba: 'passadas', desfecho: 'nao-compareceu', ...range })],
        [figureLabels.pending, w.team.pending, list('meetings', { aba: 'sem-desfecho', ...range })],
      ];
  return (
    <section aria-labelledby={id} className={`${ui.card} grid content-start gap-2`}>
      <h3 id={id} className={ui.subheading}>
        {w.label} <span className="text-base font-medium text-slate-600">· {days}</span>
      </h3>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
        {figures.map(([label, n, place]) => (
          <div key={label} className="grid">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-xl font-bold text-slate-900">
              <PlaceLink place={place} onGo={onGo} label={`${label} (${w.label.toLowerCase()}): ${n}`}>
                {n}
              </PlaceLink>
            </dd>
          </div>
        ))}
      </dl>
      {mentor && w.consultants.some((c) => c.booked + c.scheduled > 0) && (
        <ul aria-label={`Por consultor (${w.label.toLowerCase()})`} className="grid gap-1 border-t border-slate-100 pt-2 text-sm">
          {w.consultants.filter((c) => c.booked + c.scheduled > 0).map((c) => (
            <li key={c.id} className="flex flex-wrap justify-between gap-x-3">
              <span className={`font-medium text-slate-900 ${ui.wrap}`}>{c.name}</span>
              <span className="tabular-nums text-slate-700">
                {future ? count(c.scheduled, 'marcada', 'marcadas') : `${count(c.booked, 'agendada', 'agendadas')} · ${count(c.held, 'realizada', 'realizadas')} · `}
                {!future && (c.pending > 0 ? (
                  <PlaceLink place={list('meetings', { aba: 'sem-desfecho', consultor: c.id, ...range })} onGo={onGo}>
                    {`${c.pending} sem desfecho`}
                  </PlaceLink>
                ) : '0 sem desfecho')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
