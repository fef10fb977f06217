// The qualification rules the functions run. Their home is the database (routing_rule_set, edited in the
// painel's "Regras de encaminhamento"; 20261130030000_routing_rules.sql): every lead reads the row in
// force, so a change applies to the next lead without a deploy. content/roteamento.yaml is the seed of a
// new install: read (and checked with the build's own schema, src/schemas/roteamento.ts) only while the
// table is empty, then stored as version 1 and never read again. Matched by src/domain/scheduling/rules.ts.
//
// The seed file is read at run time rather than imported: Netlify's bundler (esbuild) has no YAML loader, so the file ships
// beside the code through netlify.toml's included_files, as supabase/migrations does
// (tests/integration/netlify-bundle.test.ts proves it is in every bundle). The build checked the same
// file, so a deploy never runs rules the build refused.
//
// ROUTING_RULES_FILE (a path, relative to the working directory or absolute) replaces the file: the
// browser test starts a server with a rules file of its own, because the wizard learns a lead's route
// from POST /api/leads's answer, never from the build — swapping the server's file is all it takes.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { matchRoute, type LeadRoute, type RoutingAnswers, type RoutingRules } from '../../src/domain/scheduling/rules';
import { findContentFile } from './content-path';
import type { Store } from './store/port';

export const ROUTING_RULES_FILE = 'content/roteamento.yaml';

// The build's schema, loaded on first use: src/schemas/roteamento.ts is classic zod (astro/zod), which with the
// schema it builds at load cost meetings most of its cold start; in the one-file bundle this import() is a
// module initialised when first called (docs/operations.md "Cold start": measured with and without).
// js-yaml too: the seed file is read once per install.
let schemaModule: Promise<typeof import('../../src/schemas/roteamento')> | undefined;
const roteamento = async () => (await (schemaModule ??= import('../../src/schemas/roteamento'))).roteamentoSchema;

/** A rules file that cannot be read or breaks the schema; the message names the file and each field. */
export class RoutingRulesError extends Error {
  override name = 'RoutingRulesError';
  readonly code = 'routing_rules_invalid';
}

/** ROUTING_RULES_FILE, else content/roteamento.yaml found walking up from this module (source or bundle) and from the cwd. */
export function routingRulesPath(env: Record<string, string | undefined> = process.env): string {
  const override = env.ROUTING_RULES_FILE?.trim();
  if (override) return resolve(override);
  try {
    return findContentFile(ROUTING_RULES_FILE);
  } catch (error) {
    throw new RoutingRulesError((error as Error).message);
  }
}

/** The rules in `text` (YAML, read as Astro reads content: js-yaml), or a RoutingRulesError naming `file` and every bad field. */
export async function parseRoutingRules(text: string, file: string): Promise<RoutingRules> {
  const { load } = await import('js-yaml');
  let data: unknown;
  try {
    data = load(text);
  } catch (error) {
    throw new RoutingRulesError(`${file}: YAML inválido: ${(error as Error).message.split('\n')[0]}`);
  }
  const parsed = (await roteamento()).safeParse(data);
  if (!parsed.success) {
    throw new RoutingRulesError(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(arquivo)'}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

export async function loadRoutingRules(file: string): Promise<RoutingRules> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new RoutingRulesError(`${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`);
  }
  return parseRoutingRules(text, file);
}

// Once per process (per path: tests point ROUTING_RULES_FILE elsewhere). A file that fails is not
// cached, so the error is logged again on the next lead instead of being remembered silently.
const loaded = new Map<string, RoutingRules>();
export async function routingRules(env: Record<string, string | undefined> = process.env): Promise<RoutingRules> {
  const file = routingRulesPath(env);
  let rules = loaded.get(file);
  if (!rules) loaded.set(file, (rules = await loadRoutingRules(file)));
  return rules;
}

/** The rules in force, as stored: `version` is what a save must name (0: never stored). */
export type RuleSet = { rules: RoutingRules; version: number; updatedAt: string | null; updatedBy: string | null };
type RuleSetRow = { rules: unknown; version: number; updated_at: string | null; updated_by: string | null } | null;

/** The stored rules, seeded from the file (ROUTING_RULES_FILE or content/roteamento.yaml) on a new install. */
export async function currentRuleSet(store: Pick<Store, 'call'>, now: Date, env: Record<string, string | undefined> = process.env): Promise<RuleSet> {
  let row = await store.call<RuleSetRow>('routing_rules', { action: 'read' });
  // Two instances seeding at once: the second insert does nothing and both read the row that won.
  if (!row) row = await store.call<RuleSetRow>('routing_rules', { action: 'seed', rules: await routingRules(env), now: now.toISOString() });
  if (!row) throw new RoutingRulesError('regras de encaminhamento: nenhuma regra gravada');
  return { rules: await storedRules(row.rules), version: row.version, updatedAt: row.updated_at, updatedBy: row.updated_by };
}

// The last stored rules as parsed, keyed by their JSON text (another store's or a saved change parses afresh):
// availability reads the rules on every request with its cache off, and zod's parse was ~0.5 ms of ~28.
let lastStored: { text: string; rules: RoutingRules } | null = null;

/** Saved only after this same schema accepted them; parsed again so the types are the schema's, not trusted. */
async function storedRules(stored: unknown): Promise<RoutingRules> {
  const text = JSON.stringify(stored);
  if (lastStored?.text === text) return lastStored.rules;
  const parsed = (await roteamento()).safeParse(stored);
  if (!parsed.success) throw new RoutingRulesError(`regras de encaminhamento gravadas: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  lastStored = { text, rules: parsed.data };
  return parsed.data;
}

/** The answers a rule reads, from a lead as stored (its service may be unknown: null). */
export function routingAnswersOf(lead: RoutingAnswers): RoutingAnswers {
  const { service, segmento, faturamento, numeroVendedores, cargo, modeloNegocio } = lead;
  return { service, segmento, faturamento, numeroVendedores, cargo, modeloNegocio };
}

/**
 * The route of a lead's answers under `rules`. A lead whose service is unknown (null) fails every rule with
 * a `servico` condition and matches the rules without one; the rules end with one for everyone.
 */
export function leadRouteOf(rules: RoutingRules, lead: RoutingAnswers): LeadRoute {
  return matchRoute(rules, routingAnswersOf(lead));
}
