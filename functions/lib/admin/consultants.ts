// `npm run consultants -- <command>`: the mentor manages consultants, their hours, time off, calendar
// feed, agenda link and where their meetings happen (video room or phone call). Arguments are checked here before the store is touched, so bad input changes
// nothing; the store runs each command as one SQL call (consultant_admin). Exit codes: 0 done,
// 1 bad input or unknown consultant, 2 the store could not be opened (e.g. `npm start` holds it).
import { cleanLine, hasOnlyPrintable, MIN_VISIBLE, textLimits, visibleLength } from '../../../src/domain/text';
import * as z from 'zod/mini';
import type { SchedulingConfig } from '../../../src/domain/scheduling/config';
import { agendaTokenHash, agendaUrl, newAgendaToken } from '../agenda';
import { feedAddress } from '../calendar/feed-address';
import { isRoomUrl, locationCopy, ROOM_URL_MAX } from '../../../src/domain/meeting-location';
import { formatHours, HoursError, parseHours, defaultHours } from '../../../src/domain/scheduling/hours';
import { withSchedules } from '../schedules';
import type { ConsultantCommand, ConsultantSummary, Store } from '../store/port';
import { brDate, isHhMm, isIsoDate, zonedParts, zonedToUtc, addDays } from '../../../src/domain/scheduling/time';
import { distributionLine, isRoutingCommand, parseRoutingCommand, routingCopy, routingSettings, routingUsage, runRoutingCommand, type RoutingCommand, type RoutingSettings } from './routing';

/** A calendar's iCal address is a few hundred characters (Google's secret address ~150); longer is not one. */
export const FEED_URL_MAX = 2_000;
/** A time-off reason is a note for the team ("Férias", "Congresso em SP"), not a document. */
export const TIME_OFF_REASON_MAX = 200;

export const cliCopy = {
  usage: [
    'Uso: npm run consultants -- <comando>',
    '  list',
    '  add "<nome>" <email>',
    '  deactivate <email>',
    '  hours <email> "seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00"',
    '  off <email> <de> <até> [motivo]      (datas AAAA-MM-DD ou AAAA-MM-DDTHH:MM, horário de Brasília)',
    '  feed <email> <url>   |   feed <email> none',
    '  sala <email> <https-url>   |   sala <email> telefone      (onde as reuniões acontecem; padrão: telefone)',
    '  sync',
    '  agenda-link <email> [--rotate]',
    ...routingUsage,
  ].join('\n'),
  unknownCommand: (c: string) => `Comando desconhecido: "${c}".`,
  arguments: (c: string) => `Argumentos inválidos para "${c}".`,
  email: (e: string) => `Email inválido: "${e}".`,
  name: `Informe o nome do consultor (de 2 a ${textLimits.nomeCompleto} caracteres, sem caracteres de controle), entre aspas: add "Nome Sobrenome" email@empresa.com.br`,
  reason: `O motivo da folga pode ter até ${TIME_OFF_REASON_MAX} caracteres, sem caracteres de controle.`,
  unknownConsultant: (e: string) => `Nenhum consultor com o email ${e}. Veja os cadastrados com: npm run consultants -- list`,
  exists: (e: string) => `Já existe um consultor com o email ${e}.`,
  dateTime: (s: string) => `Data inválida: "${s}". Use AAAA-MM-DD ou AAAA-MM-DDTHH:MM (horário de Brasília).`,
  order: 'O fim da folga deve ser depois do início.',
  feedUrl: `Endereço da agenda inválido: use o link https:// (ou webcal://) do iCal da agenda, com até ${FEED_URL_MAX} caracteres, ou "none" para remover.`,
  feedInternal: 'Endereço da agenda recusado: use o link público (https:// ou webcal://) do iCal da agenda; endereços internos ou desta máquina não são aceitos.',
  linkExists: (e: string) =>
    `${e} já tem um link de agenda. Por segurança ele não pode ser exibido de novo; gere um novo com --rotate (o anterior deixa de funcionar).`,
  added: (n: string) => `Consultor ${n} cadastrado (horário padrão até você definir outro com "hours").`,
  deactivated: (e: string) => `Consultor ${e} desativado: não recebe novos agendamentos.`,
  hoursSet: (e: string, h: string) => `Horários de ${e}: ${h}`,
  offSet: (e: string, from: string, to: string) => `Folga de ${e} registrada: ${from} até ${to}.`,
  feedSet: (e: string) => `Agenda de ${e} conectada; será lida agora ou em até 10 minutos ("sync" lê todas agora).`,
  feedRemoved: (e: string) => `Agenda de ${e} desconectada.`,
  roomUrl: `Endereço da sala inválido: use o link https:// da sala de vídeo (Meet, Zoom, Teams…), com até ${ROOM_URL_MAX} caracteres, ou "telefone" para o consultor ligar para o lead.`,
  roomSet: (e: string, url: string) => `Reuniões de ${e}: videochamada na sala ${url}`,
  phoneSet: (e: string) => `Reuniões de ${e}: ligação telefônica (o consultor liga para o lead).`,
  link: (url: string) => `Link de assinatura (trate como senha; quem tiver o link vê as reuniões):\n${url}`,
  none: 'Nenhum consultor cadastrado.',
} as const;

export class InputError extends Error {}

const emailSchema = z.email();
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

/** A calendar feed's address as stored, null to remove it (calendar/feed-address.ts decides). */
function feedUrl(value: string | undefined, localUse: boolean): string | null {
  if (value === 'none') return null;
  const found = feedAddress(value ?? '', { maxLength: FEED_URL_MAX, localUse });
  if ('refused' in found) throw new InputError(found.refused === 'internal' ? cliCopy.feedInternal : cliCopy.feedUrl);
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
export function parseCommand(argv: string[], config: SchedulingConfig, opts: { localUse?: boolean } = {}): Parsed {
  const [command, ...args] = argv;
  const arity = (min: number, max = min) => {
    if (args.length < min || args.length > max) throw new InputError(`${cliCopy.arguments(command)}\n${cliCopy.usage}`);
  };
  switch (command) {
    case 'list':
    case 'sync':
      arity(0);
      return { command: { action: command } };
    case 'add': {
      arity(2);
      // The same rules as a lead's name: one line, at least MIN_VISIBLE visible characters (zero-width ones
      // do not count), at most textLimits.nomeCompleto, no control character.
      const name = cleanLine(args[0]);
      if (visibleLength(name) < MIN_VISIBLE || name.length > textLimits.nomeCompleto || name.includes('@') || !hasOnlyPrintable(name)) throw new InputError(cliCopy.name);
      return { command: { action: 'add', name, email: email(args[1]) } };
    }
    case 'deactivate':
      arity(1);
      return { command: { action: 'deactivate', email: email(args[0]) } };
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

export type CliIo = { out: (line: string) => void; err: (line: string) => void };
/** actor: who runs it (the console's signed-in mentor), kept with a team setting; the terminal otherwise. */
export type CliEnv = { config: SchedulingConfig; siteUrl: string; actor?: string; now?: Date };

/** Runs one parsed command on the store; returns the exit code. */
export async function runCommand(store: Store, parsed: Parsed, env: CliEnv, io: CliIo): Promise<number> {
  const { command } = parsed;
  if (isRoutingCommand(command)) return runRoutingCommand(store, command, { ...env, unknownConsultant: cliCopy.unknownConsultant }, io);
  if (command.action === 'sync') {
    await withSchedules(store, env.config).calendars.refreshDue(0);
    printList((await store.consultants({ action: 'list' })).consultants ?? [], env, io, true);
    return 0;
  }
  const result = await store.consultants(command);
  if (result.status === 'unknown_consultant' && 'email' in command) {
    io.err(cliCopy.unknownConsultant(command.email));
    return 1;
  }
  if (result.status === 'exists' && 'email' in command) {
    io.err(command.action === 'add' ? cliCopy.exists(command.email) : cliCopy.linkExists(command.email));
    return 1;
  }
  switch (command.action) {
    case 'list':
      printList(result.consultants ?? [], env, io, false, await routingSettings(store));
      break;
    case 'add':
      io.out(cliCopy.added(command.name));
      break;
    case 'deactivate':
      io.out(cliCopy.deactivated(command.email));
      break;
    case 'hours':
      io.out(cliCopy.hoursSet(command.email, formatHours(command.hours)));
      break;
    case 'off':
      io.out(cliCopy.offSet(command.email, localLabel(new Date(command.from), env.config), localLabel(new Date(command.to), env.config)));
      break;
    case 'feed':
      if (command.url) {
        io.out(cliCopy.feedSet(command.email));
        await withSchedules(store, env.config).calendars.refreshDue();
      } else io.out(cliCopy.feedRemoved(command.email));
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

function localLabel(d: Date, config: SchedulingConfig): string {
  const p = zonedParts(d, config.timeZone);
  return `${brDate(p.date)} ${p.time}`;
}

const feedStatus = { pending: 'aguardando a primeira leitura', ok: 'ok', error: 'com erro' } as const;

function printList(list: ConsultantSummary[], env: CliEnv, io: CliIo, feedsOnly: boolean, routing?: RoutingSettings): void {
  if (list.length === 0) return io.out(cliCopy.none);
  const weights = new Map(routing?.consultants.map((c) => [c.email.toLowerCase(), c]));
  for (const c of list) {
    if (feedsOnly && !c.feed) continue;
    const hours = c.hours.length ? formatHours(c.hours) : `${formatHours(defaultHours(env.config))} (padrão)`;
    const feed = c.feed
      ? `${feedStatus[c.feed.status]}${c.feed.error_code ? ` (${c.feed.error_code})` : ''}; última sincronização: ${
        c.feed.synced_at ? localLabel(new Date(c.feed.synced_at), env.config) : 'nunca'}`
      : 'não conectada';
    io.out([
      `${c.name} <${c.email}> — ${c.active ? 'ativo' : 'inativo'}`,
      `  horários: ${hours}`,
      `  agenda: ${feed}`,
      `  link de assinatura: ${c.agenda_link ? 'gerado' : 'não gerado'}`,
      `  ${c.room_url ? `Sala: ${c.room_url}` : locationCopy.phone.label}`,
      ...(weights.has(c.email.toLowerCase()) ? [`  ${distributionLine(weights.get(c.email.toLowerCase())!)}`] : []),
    ].join('\n'));
  }
  if (routing) io.out(routingCopy.teamLine(routing.window, routing.equal_ahead));
}
