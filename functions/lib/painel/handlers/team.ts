// Equipe (mentor) and Minha agenda (a consultant, their own only): the consultants, and every change
// `npm run consultants` makes, through the same parser (parseCommand) and the same runner (runCommand):
// the console is the command with a form. A consultant's POST is limited to ownAgendaCommands and to their
// own e-mail as the first argument; the server decides, whatever the browser sends.
import * as z from 'zod/mini';
import type { TeamAnswer, TeamMember, TeamRouting } from '../../../../src/domain/painel/api';
import { ownAgendaCommands, teamCommands } from '../../../../src/domain/painel/api';
import { painelMessages } from '../../../../src/domain/painel/copy';
import { withNames } from '../../../../src/domain/painel/names';
import { CALENDAR_CHECKS_PER_HOUR, calendarChecksLimited, feedProblem, STALE_CALENDAR_MS } from '../../../../src/domain/scheduling/calendar-copy';
import { defaultHours, formatHours } from '../../../../src/domain/scheduling/hours';
import { hoursInWords } from '../../../../src/domain/scheduling/week-grid';
import { cliCopy, InputError, parseCommand, readCalendarsNow, runCommand, type CliEnv } from '../../admin/consultants';
import { routingSettings, type RoutingSettings } from '../../admin/routing';
import { currentRuleSet } from '../../routing-rules';
import { consultantsBehind } from '../../routing';
import { HttpError, readJson } from '../../http';
import type { ConsultantSummary } from '../../store/port';
import { painelJson, type SignedIn } from '../context';
import { activityQuery } from '../query';
import { pageOf, PAGE_SIZE } from './meetings';
import { orphanedMeetings } from '../orphaned-meetings';
import { ORPHANED_LIMIT, type OrphanedAnswer } from '../../../../src/domain/painel/orphaned';

/**
 * The meetings a day off (in its period) or a deactivation just left without their consultant: saved
 * first, then listed, each for "Reagendar com outro consultor" or "Manter" (as Calendly warns of bookings
 * in a time off, HubSpot lists a deactivated user's meetings). Null when none.
 */
async function leftMeetings(ctx: SignedIn, command: ReturnType<typeof parseCommand>['command'], now: Date): Promise<OrphanedAnswer | null> {
  if (command.action !== 'off' && command.action !== 'deactivate') return null;
  const off = command.action === 'off' ? { from: Date.parse(command.from), until: new Date(command.to) } : null;
  // A day off's period bounds its list; a deactivation's runs to every meeting to come, so it is capped.
  const found = await orphanedMeetings(ctx.app.store, { now, email: command.email, ...(off ? { until: off.until } : { limit: ORPHANED_LIMIT }) });
  // A day off's own: those overlapping its period (one that began before it and runs into it too).
  const meetings = off ? found.filter((m) => Date.parse(m.endsAt) > off.from) : found;
  if (meetings.length === 0) return null;
  return { consultant: meetings[0].consultantName, kind: command.action, meetings };
}

/**
 * Per consultant e-mail, the rules in force (not paused) whose pool has that person as its only active consultant: deactivating
 * them would leave those rules' leads with no times (the rules' save refuses such a rule; a deactivation
 * is warned of instead, as the mentor may mean it).
 */
async function soleActiveRules(ctx: SignedIn, list: ConsultantSummary[]): Promise<Map<string, string[]>> {
  const active = new Set(list.filter((c) => c.active).map((c) => c.email.toLowerCase()));
  const sole = new Map<string, string[]>();
  for (const rule of (await currentRuleSet(ctx.app.store, ctx.app.now())).rules.regras) {
    // A paused rule routes nobody: leaving it without consultants is nothing to warn of (until "Retomar").
    if (rule.pausada) continue;
    const pool = (rule.destino.consultores ?? []).map((e) => e.toLowerCase()).filter((e) => active.has(e));
    if (pool.length === 1) sole.set(pool[0], [...(sole.get(pool[0]) ?? []), rule.nome]);
  }
  return sole;
}

function memberOf(c: ConsultantSummary, ctx: SignedIn, routing: RoutingSettings, sole: Map<string, string[]> = new Map(), shares?: Awaited<ReturnType<typeof consultantsBehind>>): TeamMember {
  const config = ctx.app.env.scheduling;
  const share = routing.consultants.find((s) => s.email.toLowerCase() === c.email.toLowerCase());
  const ranges = c.hours.length ? c.hours : defaultHours(config);
  const lastRead = c.feed ? new Date(c.feed.synced_at ?? c.feed.connected_at) : null;
  const behind = c.active && share ? shares?.behind.get(share.id) : undefined;
  return {
    name: c.name, email: c.email, active: c.active, hours: c.hours.length ? formatHours(c.hours) : null,
    ranges, hoursWords: hoursInWords(ranges), timeOff: c.time_off,
    feed: c.feed ? {
      status: c.feed.status, problem: c.feed.status === 'error' ? feedProblem(c.feed.error_code) : null,
      syncedAt: c.feed.synced_at, connectedAt: c.feed.connected_at,
      unreadSince: lastRead && ctx.app.now().getTime() - lastRead.getTime() > STALE_CALENDAR_MS ? lastRead.toISOString() : null,
    } : null,
    agendaLink: c.agenda_link, roomUrl: c.room_url,
    weight: share?.weight ?? 100, capDay: share?.cap_day ?? null, capWeek: share?.cap_week ?? null,
    soleActiveIn: sole.get(c.email.toLowerCase()) ?? [],
    behind: behind && shares ? { ...behind, window: shares.window } : null,
  };
}

async function consultants(ctx: SignedIn, email?: string): Promise<ConsultantSummary[]> {
  return (await ctx.app.store.consultants({ action: 'list', now: ctx.app.now().toISOString(), ...(email ? { email } : {}) })).consultants ?? [];
}

export async function listTeam(ctx: SignedIn): Promise<Response> {
  const [list, routing, shares] = await Promise.all([consultants(ctx), routingSettings(ctx.app.store), consultantsBehind(ctx.app)]);
  const sole = await soleActiveRules(ctx, list);
  return painelJson({ consultants: list.map((c) => memberOf(c, ctx, routing, sole, shares)), routing: { window: routing.window, equalAhead: routing.equal_ahead } satisfies TeamRouting });
}

/** The signed-in consultant's own card (404 for a mentor who is not a consultant). */
export async function showOwnAgenda(ctx: SignedIn): Promise<Response> {
  const [own] = await consultants(ctx, ctx.viewer.email);
  if (!own || !ctx.viewer.preseller) throw new HttpError(404, painelMessages.notFound);
  return painelJson({ member: memberOf(own, ctx, await routingSettings(ctx.app.store)) });
}

const commandSchema = z.object({
  command: z.enum(teamCommands),
  args: z.array(z.string().check(z.maxLength(6000))).check(z.maxLength(8)),
});

/** Every consultant's name by lower-case address, as they are now (deactivated ones too). */
async function namesOf(ctx: SignedIn): Promise<Map<string, string>> {
  return new Map((await routingSettings(ctx.app.store)).consultants.map((c) => [c.email.toLowerCase(), c.name]));
}

/** The command's own words: its usage text is for a terminal, the form already shows what to fill. */
const forConsole = (message: string) => message.replace(`\n${cliCopy.usage}`, '').trim();

async function run(ctx: SignedIn, command: string, args: string[]): Promise<Response> {
  const { env } = ctx.app;
  const now = ctx.app.now();
  let parsed;
  try {
    parsed = parseCommand([command, ...args], env.scheduling, { localUse: env.integrations.local, now });
  } catch (error) {
    if (error instanceof InputError) throw new HttpError(400, forConsole(error.message));
    throw error;
  }
  if (command === 'feed' && args[1] !== 'none') {
    // Counted before the read runs: a refused link costs a place too.
    await ctx.painel.log({ actor: ctx.viewer.email, action: 'team:feed-check', subject: args[0] ?? null, ipHash: ctx.ipHash }, now);
    const checks = await ctx.app.store.call<number>('painel_recent_actions', { actor: ctx.viewer.email, action: 'team:feed-check', since: new Date(now.getTime() - 3_600_000).toISOString() });
    if (checks > CALENDAR_CHECKS_PER_HOUR) throw new HttpError(429, calendarChecksLimited);
  }
  const cli: CliEnv = { config: env.scheduling, siteUrl: env.siteUrl, actor: ctx.viewer.email, now, localUse: env.integrations.local };
  // A weight's change is logged as old → new: the old one is read before it is replaced.
  const weightBefore = command === 'weight'
    ? (await routingSettings(ctx.app.store)).consultants.find((c) => c.email.toLowerCase() === (args[0] ?? '').trim().toLowerCase())?.weight
    : undefined;
  let answer: TeamAnswer;
  if (command === 'sync') {
    const calendars = (await readCalendarsNow(ctx.app.store, cli)).map(({ name, ok, text }) => ({ name, ok, text }));
    answer = { message: calendars.length ? '' : 'Nenhum consultor ativo tem agenda conectada.', calendars };
  } else {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCommand(ctx.app.store, parsed, cli, { out: (l) => out.push(l), err: (l) => err.push(l) });
    // The command's words name people by address (they are a terminal's too): the console names them by name.
    if (code !== 0) throw new HttpError(400, withNames(forConsole(err.join('\n')), await namesOf(ctx)) || painelMessages.badCommand);
    answer = { message: withNames(out.join('\n'), await namesOf(ctx)) };
    const orphaned = await leftMeetings(ctx, parsed.command, now);
    if (orphaned) answer.orphaned = orphaned;
  }
  // Hours, time off, a calendar or a reactivation change the offered times now, not after the read cache.
  ctx.app.reads.invalidate();
  // Who and what, never the arguments' secrets (a feed address, a room link): the consultant's address only.
  const address = command === 'sync' || command === 'mode' || command === 'janela' ? null : (args[command === 'add' ? 1 : 0] ?? null);
  const subject = address && command === 'weight' && weightBefore !== undefined ? `${address.trim()}: ${weightBefore} → ${args[1]?.trim()}` : address;
  await ctx.painel.log({ actor: ctx.viewer.email, action: `team:${command}`, subject, ipHash: ctx.ipHash }, now);
  return painelJson(answer);
}

export async function runTeamCommand(ctx: SignedIn): Promise<Response> {
  const body = commandSchema.safeParse(await readJson(ctx.req));
  if (!body.success) throw new HttpError(400, painelMessages.badCommand);
  return run(ctx, body.data.command, body.data.args);
}

/** Minha agenda: the same commands, only ownAgendaCommands, only on the viewer's own e-mail. */
export async function runOwnAgendaCommand(ctx: SignedIn): Promise<Response> {
  const body = commandSchema.safeParse(await readJson(ctx.req));
  if (!body.success) throw new HttpError(400, painelMessages.badCommand);
  const { command, args } = body.data;
  if (!ctx.viewer.preseller || !(ownAgendaCommands as readonly string[]).includes(command)) throw new HttpError(403, painelMessages.forbidden);
  if ((args[0] ?? '').trim().toLowerCase() !== ctx.viewer.email.toLowerCase()) throw new HttpError(403, painelMessages.forbidden);
  return run(ctx, command, args);
}

/** Atividade: who did what, each consultant named by name (the log keeps the address: a rename shows the new name). */
export async function listActivity(ctx: SignedIn): Promise<Response> {
  const [rows, names] = await Promise.all([ctx.painel.activity(PAGE_SIZE + 1, activityQuery(ctx.url)), namesOf(ctx)]);
  const named = rows.map((row) => ({
    ...row, actor: row.actor === null ? null : withNames(row.actor, names), subject: row.subject === null ? null : withNames(row.subject, names),
  }));
  return painelJson(pageOf(named, (a) => ({ id: a.id })));
}
