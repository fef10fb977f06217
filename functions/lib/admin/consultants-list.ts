// What `npm run consultants -- list` prints: each consultant, their hours, calendar in words, time off
// (with the id `off-remove` takes), agenda link, room or phone and share; then the team's routing line.
import { locationCopy } from '../../../src/domain/meeting-location';
import { agoWords, calendarCopy, feedProblem } from '../../../src/domain/scheduling/calendar-copy';
import type { SchedulingConfig } from '../../../src/domain/scheduling/config';
import { defaultHours, formatHours } from '../../../src/domain/scheduling/hours';
import { brDate, zonedParts } from '../../../src/domain/scheduling/time';
import type { ConsultantSummary } from '../store/port';
import type { CliEnv, CliIo } from './consultants-io';
import { cliCopy } from './consultants-copy';
import { distributionLine, routingCopy, type RoutingSettings } from './routing';

export function localLabel(d: Date, config: SchedulingConfig): string {
  const p = zonedParts(d, config.timeZone);
  return `${brDate(p.date)} ${p.time}`;
}

export function printList(list: ConsultantSummary[], env: CliEnv, io: CliIo, routing: RoutingSettings): void {
  if (list.length === 0) return io.out(cliCopy.none);
  const weights = new Map(routing.consultants.map((c) => [c.email.toLowerCase(), c]));
  const now = env.now ?? new Date();
  for (const c of list) {
    const hours = c.hours.length ? formatHours(c.hours) : `${formatHours(defaultHours(env.config))} (padrão)`;
    const feed = !c.feed ? 'não conectada'
      : c.feed.status === 'ok' && c.feed.synced_at ? calendarCopy.syncedOk(agoWords(new Date(c.feed.synced_at), now, env.config.timeZone))
      : c.feed.status === 'pending' ? calendarCopy.pending
      : calendarCopy.failing(agoWords(new Date(c.feed.synced_at ?? c.feed.connected_at), now, env.config.timeZone, true), feedProblem(c.feed.error_code));
    io.out([
      `${c.name} <${c.email}> — ${c.active ? 'ativo' : 'inativo'}`,
      `  horários: ${hours}`,
      `  agenda: ${feed}`,
      ...c.time_off.map((t) => `  folga: ${localLabel(new Date(t.from), env.config)} até ${localLabel(new Date(t.to), env.config)}${t.reason ? ` (${t.reason})` : ''} — id ${t.id}`),
      `  link de assinatura: ${c.agenda_link ? 'gerado' : 'não gerado'}`,
      `  ${c.room_url ? `Sala: ${c.room_url}` : locationCopy.phone.label}`,
      ...(weights.has(c.email.toLowerCase()) ? [`  ${distributionLine(weights.get(c.email.toLowerCase())!)}`] : []),
    ].join('\n'));
  }
  io.out(routingCopy.teamLine(routing.window, routing.equal_ahead));
}
