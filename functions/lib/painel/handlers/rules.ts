// "Regras de encaminhamento" (mentor only): the qualification rules as stored (routing-rules.ts), and a
// save of the whole ordered list. A save passes the same schema, with the same pt-BR messages, as the seed
// file at build time (src/schemas/roteamento.ts), names only registered consultants, and names the version
// it was edited from: a save made on an older version is refused (409), never written over a colleague's.
// The next lead reads what was saved (POST /api/leads reads the row; availability's short cache is cleared
// here). Each save is one Atividade line: who, when, and the rules before → after as sentences.
import * as z from 'zod/mini';
import { MAX_RULES, rulePauseCopy, rulesCopy, type RulePause, type RulesRefused, type RulesView } from '../../../../src/domain/painel/rules';
import { ruleSentence } from '../../../../src/domain/scheduling/rule-sentence';
import type { RoutingRules } from '../../../../src/domain/scheduling/rules';
import { roteamentoSchema } from '../../../../src/schemas/roteamento';
import { routingSettings } from '../../admin/routing';
import { HttpError, readJson } from '../../http';
import { currentRuleSet } from '../../routing-rules';
import { painelJson, type SignedIn } from '../context';

type Consultant = RulesView['consultants'][number];

async function consultantsOf(ctx: SignedIn): Promise<Consultant[]> {
  const { consultants } = await routingSettings(ctx.app.store);
  return consultants.map((c) => ({ email: c.email.toLowerCase(), name: c.name, active: c.active }));
}

async function view(ctx: SignedIn): Promise<RulesView> {
  const [set, consultants] = await Promise.all([currentRuleSet(ctx.app.store, ctx.app.now()), consultantsOf(ctx)]);
  return { regras: set.rules.regras, version: set.version, updatedAt: set.updatedAt, updatedBy: set.updatedBy, consultants };
}

export async function showRules(ctx: SignedIn): Promise<Response> {
  return painelJson(await view(ctx));
}

/** The request's shape; what each rule holds is the schema's to judge (with field messages). */
const saveSchema = z.object({
  version: z.number().check(z.int(), z.gte(0), z.lte(2_000_000_000)),
  regras: z.array(z.unknown()),
});

const sentences = (rules: RoutingRules, names: Map<string, string>) => rules.regras.map((r, i) => `${i + 1}. ${r.nome}${r.pausada ? ' (pausada)' : ''}: ${ruleSentence(r, names)}`).join('; ');

export async function saveRules(ctx: SignedIn): Promise<Response> {
  const body = saveSchema.safeParse(await readJson(ctx.req));
  if (!body.success) throw new HttpError(400, rulesCopy.invalid);
  if (body.data.regras.length > MAX_RULES) throw new HttpError(400, rulesCopy.tooMany);
  const parsed = roteamentoSchema.safeParse({ regras: body.data.regras });
  const fieldErrors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) fieldErrors[issue.path.join('.') || 'regras'] ??= issue.message;
  const consultants = await consultantsOf(ctx);
  const known = new Set(consultants.map((c) => c.email));
  const active = new Set(consultants.filter((c) => c.active).map((c) => c.email));
  parsed.data?.regras.forEach((rule, i) => {
    const pool = rule.destino.consultores;
    const unknown = pool?.find((email) => !known.has(email));
    if (unknown) fieldErrors[`regras.${i}.destino.consultores`] ??= rulesCopy.unknownConsultant(unknown);
    else if (pool && !pool.some((email) => active.has(email))) fieldErrors[`regras.${i}.destino.consultores`] ??= rulesCopy.allInactive;
  });
  if (!parsed.success || Object.keys(fieldErrors).length) return painelJson({ error: rulesCopy.invalid, fieldErrors } satisfies RulesRefused, 400);

  const before = await currentRuleSet(ctx.app.store, ctx.app.now());
  const names = new Map(consultants.map((c) => [c.email, c.name]));
  const saved = await ctx.app.store.call<{ status: 'ok' | 'conflict'; version: number }>('routing_rules', {
    action: 'save', rules: parsed.data, version: body.data.version, actor: ctx.viewer.email, now: ctx.app.now().toISOString(),
    subject: rulesCopy.activity(sentences(before.rules, names), sentences(parsed.data, names)), ip_hash: ctx.ipHash,
  });
  if (saved.status === 'conflict') throw new HttpError(409, rulesCopy.conflict);
  ctx.app.reads.invalidate();
  return painelJson(await view(ctx));
}

const pauseSchema = z.object({
  nome: z.string().check(z.minLength(1), z.maxLength(200)),
  pausada: z.boolean(),
});

/**
 * "Pausar" / "Retomar" one rule, by its name, on the rules as they are now (not as the screen read them:
 * pausing needs no edit of the others). A rule already in that state (pressed twice, or from a stale
 * screen), gone, or the last one is refused with what happened (409/400), and nothing is written. The save
 * is the list's own (routing_rules 'save' at the version just read: a save in between is a conflict).
 */
export async function pauseRule(ctx: SignedIn): Promise<Response> {
  const body = pauseSchema.safeParse(await readJson(ctx.req));
  if (!body.success) throw new HttpError(400, rulesCopy.invalid);
  const { nome, pausada } = body.data satisfies RulePause;
  const set = await currentRuleSet(ctx.app.store, ctx.app.now());
  const index = set.rules.regras.findIndex((r) => r.nome === nome);
  if (index < 0) throw new HttpError(409, rulePauseCopy.gone(nome));
  if (index === set.rules.regras.length - 1) throw new HttpError(400, rulePauseCopy.lastRuleRefused);
  if (Boolean(set.rules.regras[index].pausada) === pausada) throw new HttpError(409, rulePauseCopy.already(nome, pausada));
  const regras = set.rules.regras.map((r, i) => {
    if (i !== index) return r;
    const { pausada: _was, ...rest } = r;
    return pausada ? { ...rest, pausada: true } : rest;
  });
  // The stored list passed this schema; the changed one is checked again before it is written.
  const parsed = roteamentoSchema.safeParse({ regras });
  if (!parsed.success) throw new HttpError(400, rulesCopy.invalid);
  const saved = await ctx.app.store.call<{ status: 'ok' | 'conflict'; version: number }>('routing_rules', {
    action: 'save', rules: parsed.data, version: set.version, actor: ctx.viewer.email, now: ctx.app.now().toISOString(),
    subject: rulePauseCopy.activity(nome, pausada), ip_hash: ctx.ipHash,
  });
  if (saved.status === 'conflict') throw new HttpError(409, rulesCopy.conflict);
  ctx.app.reads.invalidate();
  return painelJson(await view(ctx));
}
