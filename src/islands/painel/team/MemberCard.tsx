// One consultant: name, e-mail, active or not, hours in words, time off (next first), the calendar's state
// in words (never its address, never an error code), agenda link, where meetings happen; and, folded, the
// forms that change them, one at a time (MemberSections). `own`: the consultant's own card (Minha agenda): no share, no identity, no
// deactivation — those stay with the mentor.
import { useId } from 'react';
import type { TeamMember } from '../../../domain/painel/api';
import { agoWords, calendarCopy, dateTimeWords } from '../../../domain/scheduling/calendar-copy';
import { fairShareCopy } from '../../../domain/scheduling/fair-share';
import { Facts } from '../Facts';
import { timeZone } from '../format';
import { badge } from '../labels';
import { ui } from '../styles';
import { MemberSections } from './MemberSections';
import { timeOffWords } from './ScheduleForms';
import { shareLabel } from './RoutingForms';

export function feedWords(feed: TeamMember['feed'], now = new Date()): { text: string; problem: boolean } {
  if (!feed) return { text: calendarCopy.none, problem: false };
  if (feed.status === 'pending') return { text: calendarCopy.pending, problem: false };
  if (feed.status === 'ok' && !feed.unreadSince && feed.syncedAt) return { text: calendarCopy.syncedOk(agoWords(new Date(feed.syncedAt), now, timeZone)), problem: false };
  const since = agoWords(new Date(feed.syncedAt ?? feed.connectedAt), now, timeZone, true);
  const text = calendarCopy.failing(since, feed.problem ?? 'não foi possível ler a agenda');
  return { text: feed.unreadSince ? `${text}. ${calendarCopy.stale}` : `${text}.`, problem: true };
}

export function MemberCard({ member, onDone, own = false }: { member: TeamMember; onDone: () => void; own?: boolean }) {
  const uid = useId();
  const calendar = feedWords(member.feed);
  const nextOff = member.timeOff[0];
  return (
    <li className={ui.card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className={`text-lg font-bold text-slate-900 ${ui.wrap}`}>{member.name}</h3>
        <span className={`${badge} ${member.active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}>{member.active ? 'Ativo' : 'Inativo'}</span>
      </div>
      <Facts
        rows={[
          ['E-mail', member.email],
          ['Horários', `${member.hoursWords}${member.hours === null ? ' (padrão)' : ''}`],
          ['Folgas', nextOff ? `${timeOffWords(nextOff)}${member.timeOff.length > 1 ? ` e mais ${member.timeOff.length - 1}` : ''}` : 'Nenhuma marcada'],
          ['Agenda', calendar.text],
          ['Link de agenda', member.agendaLink ? 'Gerado' : 'Não gerado'],
          ['Reuniões', member.roomUrl ?? 'Ligação telefônica'],
          ...(own ? [] : [['Distribuição', shareLabel(member)] as [string, string]]),
        ]}
      />
      {!own && member.behind && (
        <p className="mt-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {`${fairShareCopy.flag[0].toUpperCase()}${fairShareCopy.flag.slice(1)}: ${fairShareCopy.detail(member.behind, member.behind.window)}.`}
        </p>
      )}
      {calendar.problem && member.feed?.unreadSince && (
        <p className="mt-2 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          Sem leitura desde {dateTimeWords(new Date(member.feed.unreadSince), timeZone)}: {calendarCopy.stale}
        </p>
      )}
      <details className="group mt-3" open={own || undefined}>
        <summary className={`flex min-h-11 cursor-pointer list-none items-center rounded-lg font-semibold text-slate-900 ${ui.focusRing}`}>
          <span aria-hidden="true" className="mr-2 inline-block transition-transform group-open:rotate-90">
            ▸
          </span>
          {own ? 'Alterar minha agenda' : `Alterar ${member.name}`}
        </summary>
        <MemberSections idPrefix={uid} member={member} onDone={onDone} own={own} />
      </details>
    </li>
  );
}
