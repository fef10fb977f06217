// `npm run consultants -- <command>`: the mentor manages consultants, their hours, time off, calendar
// feed, agenda link and where their meetings happen (video room or phone call). Arguments are checked here before the store is touched, so bad input changes
// nothing; the store runs each command as one SQL call (consultant_admin). Exit codes: 0 done,
// 1 bad input or unknown consultant, 2 the store could not be opened (e.g. `npm start` holds it).
import { cleanLine, hasOnlyPrintable, MIN_VISIBLE, textLimits, visibleLength } from '../../../src/domain/text';
import * as z from 'zod/mini';
import type { SchedulingConfig } from '../../../src/domain/scheduling/config';
import { agendaTokenHash, agendaUrl, newAgendaToken } from '../agenda';
import { localLabel, printList } from './consultants-list';
import { checkFeed, feedForm } from '../calendar/check';
import { isRoomUrl } from '../../../src/domain/meeting-location';
import { HoursError, parseHours, defaultHours } from '../../../src/domain/scheduling/hours';
import { hoursInWords } from '../../../src/domain/scheduling/week-grid';
import { agoWords, calendarCopy, feedProblem } from '../../../src/domain/scheduling/calendar-copy';
import { welcomeMail } from '../mail/team-mail';
import { blockRows } from '../store/rows';
import { cliCopy, TIME_OFF_REASON_MAX } from './consultants-copy';
import type { CliEnv, CliIo } from './consultants-io';
import { withSchedules } from '../schedules';
import type { ConsultantCommand, Store } from '../store/port';
import { isHhMm, isIsoDate, zonedToUtc, addDays } from '../../../src/domain/scheduling/time';
import { isRoutingCommand, parseRoutingCommand, routingSettings, runRoutingCommand, type RoutingCommand } from './routing';

export { cliCopy, TIME_OFF_REASON_MAX } from './consultants-copy';

export class InputError extends Error {}

const emailSchema = z.email();
/** The same rules as a lead's name: one line, at least MIN_VISIBLE visible characters (zero-width ones do
 * not count), at most textLimits.nomeCompleto, no control character. */
function personName(value: string | undefined): string {
  const name = cleanLine(value ?? '');
  if (visibleLength(name) < MIN_VISIBLE || name.length > textLimits.nomeCompleto || name.includes('@') || !hasOnlyPrintable(name)) throw new InputError(cliCopy.name);
  return name;
}
function email(value: string | undefined): string {
  const v = value?.trim() ?? '';
  if (!emailSchema.safeParse(v).success) throw new InputError(cliCopy.email(v));
  return v;
}

/** 'AAAA-MM-DD' (start of day; as an end: the end of that day) or 'AAAA-MM-DDTHH:MM' / 'AAAA-MM-DD HH:MM', São Paulo. */
export function parseLocal(value: string | undefined, timeZone: string, asEnd: boolean): Date {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?$/.exec(value?.trim() ?? '');
  if (!m || !isIsoDate(m[1]) || (m[2] !== undefined && !isHhMm(m[2]))) throw new InputError(cliCopy.dateTime(value ?? ''));
  if (m[2] !== undefined) return zonedToUtc(m[1], m[2], timeZone);
  return zonedToUtc(asEnd ? addDays(m[1], 1) : m[1], '00:00', timeZone);
}

/** A calendar link's form (the read comes in runCommand, calendar/check.ts); null to remove it. */
function feedUrl(value: string | undefined, localUse: boolean): string | null {
  if (value === 'none') return null;
  const found = feedForm(value ?? '', localUse);
  if ('refused' in found) throw new InputError(cliCopy.feedRefused(found.refused));
  return found.url;
}

/** 'telefone' → null (a phone call); else a room as isRoomUrl defines it, stored as the parser writes it. */
function roomUrl(value: string | undefined): string | null {
  if (value === 'telefone') return null;
  // The parser's form (href) percent-encodes what the database's CHECK would refuse (spaces, …).
  const href = isRoomUrl(value) ? new URL(value).href : null;
  if (!href || !isRoomUrl(href)) throw new InputError(cliCopy.roomUrl);
  return href;
}

type Parsed = { command: ConsultantCommand | { action: 'sync' } | RoutingCommand; token?: string };

/** Checks every argument; throws InputError (pt-BR) before anything is stored. */
export function parseCommand(argv: string[], config: SchedulingConfig, opts: { localUse?: boolean; now?: Date } = {}): Parsed {
  const [command, ...args] = argv;
  const arity = (min: number, max = min) => {
    if (args.length < min || args.length > max) throw new InputError(`${cliCopy.arguments(command)}\n${cliCopy.usage}`);
  };
  switch (command) {
    case 'list':
    case 'sync':
      arity(0);
      return { command: { action: command } };
    case 'add':
      arity(2);
      return { command: { action: 'add', name: personName(args[0]), email: email(args[1]) } };
    case 'deactivate':
    case 'reactivate':
      arity(1);
      return { command: { action: command, email: email(args[0]) } };
    case 'rename':
      arity(2);
      return { command: { action: 'rename', email: email(args[0]), name: personName(args[1]) } };
    case 'email':
      arity(2);
      return { command: { action: 'email', email: email(args[0]), new_email: email(args[1]) } };
    case 'off-remove':
      arity(2);
      if (!z.uuid().safeParse(args[1]).success) throw new InputError(cliCopy.timeOffId);
      return { command: { action: 'off-remove', email: email(args[0]), id: args[1] } };
    case 'hours': {
      arity(2);
      const address = email(args[0]);
      try {
        return { command: { action: 'hours', email: address, hours: parseHours(args[1]) } };
      } catch (error) {
        if (error instanceof HoursError) throw new InputError(error.message);
        throw error;
      }
    }
    case 'off': {
      if (args.length < 3) arity(3);
      const address = email(args[0]);
      const from = parseLocal(args[1], config.timeZone, false);
      const to = parseLocal(args[2], config.timeZone, true);
      if (to <= from) throw new InputError(cliCopy.order);
      if (to <= (opts.now ?? new Date())) throw new InputError(cliCopy.past);
      const reason = cleanLine(args.slice(3).join(' ')) || null;
      if (reason && (reason.length > TIME_OFF_REASON_MAX || !hasOnlyPrintable(reason))) throw new InputError(cliCopy.reason);
      return { command: { action: 'off', email: address, from: from.toISOString(), to: to.toISOString(), reason } };
    }
    case 'feed':
      arity(2);
      return { command: { action: 'feed', email: email(args[0]), url: feedUrl(args[1], opts.localUse ?? false) } };
    case 'sala':
      arity(2);
      return { command: { action: 'room', email: email(args[0]), url: roomUrl(args[1]) } };
    case 'agenda-link': {
      arity(1, 2);
      if (args[1] !== undefined && args[1] !== '--rotate') throw new InputError(`${cliCopy.arguments(command)}\n${cliCopy.usage}`);
      const token = newAgendaToken();
      return { command: { action: 'agenda-token', email: email(args[0]), hash: agendaTokenHash(token), rotate: args[1] === '--rotate' }, token };
    }
    default: {
      // limit, weight, mode, janela, why, report (admin/routing.ts).
      const routing = parseRoutingCommand(command, args, email, {
        input: (message) => { throw new InputError(message); },
        arity: () => { throw new InputError(`${cliCopy.arguments(command)}\n${cliCopy.usage}`); },
      });
      if (routing) return { command: routing };
      throw new InputError(`${command ? cliCopy.unknownCommand(command) : ''}\n${cliCopy.usage}`.trim());
    }
  }
}

export type { CliEnv, CliIo } from './consultants-io';

/** One line of "Sincronizar agendas agora": each active consultant with a calendar, read now or why not. */
export type CalendarRead = { name: string; email: string; ok: boolean; text: string };

/** Reads every calendar now and says, per consultant, how it went (Equipe's button and `sync`). */
export async function readCalendarsNow(store: Store, env: CliEnv): Promise<CalendarRead[]> {
  await withSchedules(store, env.config).calendars.refreshDue(0);
  const now = env.now ?? new Date();
  const list = (await store.consultants({ action: 'list', now: now.toISOString() })).consultants ?? [];
  return list.filter((c) => c.active && c.feed).map((c) => {
    const feed = c.feed!;
    const ok = feed.status === 'ok' && feed.synced_at !== null;
    const text = ok ? calendarCopy.syncOk(c.name, agoWords(new Date(feed.synced_at!), now, env.config.timeZone)) : calendarCopy.syncFailed(c.name, feedProblem(feed.error_code));
    return { name: c.name, email: c.email, ok, text };
  });
}

/** Runs one parsed command on the store; returns the exit code. */
export async function runCommand(store: Store, parsed: Parsed, env: CliEnv, io: CliIo): Promise<number> {
  let { command } = parsed;
  const now = env.now ?? new Date();
  if (isRoutingCommand(command)) return runRoutingCommand(store, command, { ...env, unknownConsultant: cliCopy.unknownConsultant }, io);
  if (command.action === 'sync') {
    const reads = await readCalendarsNow(store, env);
    if (reads.length === 0) io.out(calendarCopy.syncNone);
    for (const r of reads) (r.ok ? io.out : io.err)(r.text);
    return 0;
  }
  if (command.action === 'feed' && command.url) {
    // Read once before anything is stored: a link that does not give a calendar is refused (nothing saved).
    // An unknown consultant first: no fetch for a command that cannot apply.
    if (!(await store.consultants({ action: 'list', email: command.email })).consultants?.length) {
      io.err(cliCopy.unknownConsultant(command.email));
      return 1;
    }
    const checked = await checkFeed(command.url, { config: env.config, localUse: env.localUse ?? false, now, resolve: env.resolve });
    if ('refused' in checked) {
      io.err(cliCopy.feedRefused(checked.refused, checked.events));
      return 1;
    }
    command = { ...command, url: checked.url, blocks: blockRows(checked.blocks), now: now.toISOString() };
  }
  if (command.action === 'add') command = { ...command, now: now.toISOString(), welcome: welcomeMail({ name: command.name, to: command.email, siteUrl: env.siteUrl }) };
  if (command.action === 'list') command = { ...command, now: now.toISOString() };
  const result = await store.consultants(command);
  if (result.status === 'unknown_consultant' && command.action !== 'list') {
    io.err(cliCopy.unknownConsultant(command.email));
    return 1;
  }
  if (result.status === 'unknown_time_off') {
    io.err(cliCopy.unknownTimeOff);
    return 1;
  }
  if (result.status === 'exists' && command.action !== 'list') {
    io.err(command.action === 'add' ? cliCopy.exists(command.email) : command.action === 'email' ? cliCopy.emailTaken(command.new_email) : cliCopy.linkExists(command.email));
    return 1;
  }
  switch (command.action) {
    case 'list':
      printList(result.consultants ?? [], env, io, await routingSettings(store));
      break;
    case 'add':
      io.out(cliCopy.added(command.name, hoursInWords(defaultHours(env.config))));
      break;
    case 'deactivate':
      io.out(cliCopy.deactivated(command.email));
      break;
    case 'reactivate':
      io.out(cliCopy.reactivated(command.email));
      break;
    case 'rename':
      io.out(cliCopy.renamed(command.email, command.name));
      break;
    case 'email':
      io.out(cliCopy.emailChanged(command.email, command.new_email));
      break;
    case 'hours':
      io.out(cliCopy.hoursSet(command.email, hoursInWords(command.hours)));
      break;
    case 'off':
      io.out(cliCopy.offSet(command.email, localLabel(new Date(command.from), env.config), localLabel(new Date(command.to), env.config)));
      break;
    case 'off-remove':
      io.out(cliCopy.offRemoved(command.email));
      break;
    case 'feed':
      io.out(command.url ? cliCopy.feedSet(command.email, command.blocks?.length ?? 0) : cliCopy.feedRemoved(command.email));
      break;
    case 'room':
      io.out(command.url ? cliCopy.roomSet(command.email, command.url) : cliCopy.phoneSet(command.email));
      break;
    case 'agenda-token':
      io.out(cliCopy.link(agendaUrl(env.siteUrl, parsed.token ?? '')));
      break;
  }
  return 0;
}
