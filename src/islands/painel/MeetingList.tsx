// Meetings grouped under their Brasília day ('qua., 25 de nov.'), each a link to the meeting's address
// (placeLink.ts: a new tab or a long press works; a plain click opens it in the console).
import { useRef } from 'react';
import { placeHash } from '../../domain/painel/address';
import type { MeetingRow } from '../../domain/painel/api';
import { dayHeading, dayKey, timeOf } from './format';
import { badge, meetingState, meetingStateLabel, serviceLabel, stateBadge } from './labels';
import { followInConsole } from './placeLink';
import { focusRow } from './usePagedList';
import { ui } from './styles';
import { LoadMore } from './ui';

interface Props {
  items: MeetingRow[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => Promise<number | null>;
  onOpen: (id: string, opener: HTMLElement) => void;
}

function byDay(items: MeetingRow[]) {
  const days: { key: string; label: string; items: MeetingRow[] }[] = [];
  for (const meeting of items) {
    const key = dayKey(meeting.startsAt);
    const last = days.at(-1);
    if (last?.key === key) last.items.push(meeting);
    else days.push({ key, label: dayHeading(meeting.startsAt), items: [meeting] });
  }
  return days;
}

export function MeetingList({ items, hasMore, loadingMore, loadMore, onOpen }: Props) {
  const container = useRef<HTMLDivElement>(null);
  return (
    <div ref={container}>
      {byDay(items).map((day) => (
        <section key={day.key} aria-labelledby={`dia-${day.key}`} className="mb-5">
          <h3 id={`dia-${day.key}`} className="mb-2 text-base font-semibold text-slate-700">
            {day.label}
          </h3>
          <ul className="grid gap-2">
            {day.items.map((m) => (
              <li key={m.id}>
                <a href={placeHash({ kind: 'meeting', id: m.id })} data-row className={`${ui.row} no-underline`} onClick={followInConsole((a) => onOpen(m.id, a))}>
                  <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                    <span className="font-semibold tabular-nums text-slate-900">{timeOf(m.startsAt)}</span>
                    <span className={`${badge} ${stateBadge[meetingState(m)]}`}>{meetingStateLabel(m)}</span>
                  </span>
                  {/* User text isolated (<bdi>): a stray bidi control in a name cannot reorder the row. */}
                  <bdi className={`mt-1 block font-semibold text-slate-900 ${ui.wrap}`}>{m.lead.name}</bdi>
                  <span className={`block text-sm text-slate-600 ${ui.wrap}`}>
                    {m.lead.company && (
                      <>
                        <bdi>{m.lead.company}</bdi> ·{' '}
                      </>
                    )}
                    {[serviceLabel(m.service), m.consultant.name].filter(Boolean).join(' · ')}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <LoadMore visible={hasMore} busy={loadingMore} onLoad={() => void loadMore().then((first) => focusRow(container.current, first))} />
    </div>
  );
}
