// Equipe (mentor only): the consultants, and every change `npm run consultants` makes, through the same
// parser (parseCommand) and the same runner (runCommand): the console is the command with a form.
import * as z from 'zod/mini';
import type { TeamMember, TeamRouting } from '../../../../src/domain/painel/api';
import { teamCommands } from '../../../../src/domain/painel/api';
import { painelMessages } from '../../../../src/domain/painel/copy';
import { formatHours } from '../../../../src/domain/scheduling/hours';
import { cliCopy, InputError, parseCommand, runCommand } from '../../admin/consultants';
import { routingSettings } from '../../admin/routing';
import { HttpError, readJson } from '../../http';
import { painelJson, type SignedIn } from '../context';
import { activityQuery } from '../query';
import { pageOf, PAGE_SIZE } from './meetings';

export async function listTeam(ctx: SignedIn): Promise<Response> {
  const { consultants = [] } = await ctx.app.store.consultants({ action: 'list' });
  const routing = await routingSettings(ctx.app.store);
  const share = new Map(routing.consultants.map((c) => [c.email.toLowerCase(), c]));
  const members: TeamMember[] = consultants.map((c) => ({
    name: c.name, email: c.email, active: c.active, hours: c.hours.length ? formatHours(c.hours) : null,
    feed: c.feed ? { status: c.feed.status, errorCode: c.feed.error_code, syncedAt: c.feed.synced_at } : null,
    agendaLink: c.agenda_link, roomUrl: c.room_url,
    weight: share.get(c.email.toLowerCase())?.weight ?? 100,
    capDay: share.get(c.email.toLowerCase())?.cap_day ?? null, capWeek: share.get(c.email.toLowerCase())?.cap_week ?? null,
  }));
  return painelJson({ consultants: members, routing: { window: routing.window, equalAhead: routing.equal_ahead } satisfies TeamRouting });
}

const commandSchema = z.object({
  command: z.enum(teamCommands),
  args: z.array(z.string().check(z.maxLength(4000))).check(z.maxLength(8)),
});

/** The command's own words: its usage text is for a terminal, the form already shows what to fill. */
const forConsole = (message: string) => message.replace(`\n${cliCopy.usage}`, '').trim();

export async function runTeamCommand(ctx: SignedIn): Promise<Response> {
  const body = commandSchema.safeParse(await readJson(ctx.req));
  if (!body.success) throw new HttpError(400, painelMessages.badCommand);
  const { command, args } = body.data;
  const { env } = ctx.app;
  let parsed;
  try {
    parsed = parseCommand([command, ...args], env.scheduling, { localUse: env.integrations.local });
  } catch (error) {
    if (error instanceof InputError) throw new HttpError(400, forConsole(error.message));
    throw error;
  }
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCommand(ctx.app.store, parsed, { config: env.scheduling, siteUrl: env.siteUrl, actor: ctx.viewer.email, now: ctx.app.now() }, { out: (l) => out.push(l), err: (l) => err.push(l) });
  if (code !== 0) throw new HttpError(400, forConsole(err.join('\n')) || painelMessages.badCommand);
  // Who and what, never the arguments' secrets (a feed address, a room link): the consultant's address only.
  await ctx.painel.log({ actor: ctx.viewer.email, action: `team:${command}`, subject: command === 'sync' || command === 'mode' || command === 'janela' ? null : (args[command === 'add' ? 1 : 0] ?? null), ipHash: ctx.ipHash }, ctx.app.now());
  return painelJson({ message: out.join('\n') });
}

export async function listActivity(ctx: SignedIn): Promise<Response> {
  const rows = await ctx.painel.activity(PAGE_SIZE + 1, activityQuery(ctx.url));
  return painelJson(pageOf(rows, (a) => ({ id: a.id })));
}
