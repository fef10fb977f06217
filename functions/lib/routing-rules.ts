// The qualification rules the functions run: content/roteamento.yaml, read once per process and checked
// with the build's own schema (src/schemas/roteamento.ts), then matched by src/domain/scheduling/rules.ts.
//
// Read at run time rather than imported: Netlify's bundler (esbuild) has no YAML loader, so the file ships
// beside the code through netlify.toml's included_files, as supabase/migrations does
// (tests/integration/netlify-bundle.test.ts proves it is in every bundle). The build checked the same
// file, so a deploy never runs rules the build refused.
//
// ROUTING_RULES_FILE (a path, relative to the working directory or absolute) replaces the file: the
// browser test starts a server with a rules file of its own, because the wizard learns a lead's route
// from POST /api/leads's answer, never from the build — swapping the server's file is all it takes.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { load } from 'js-yaml';
import { matchRoute, type LeadRoute, type RoutingAnswers, type RoutingRules } from '../../src/domain/scheduling/rules';
import { roteamentoSchema } from '../../src/schemas/roteamento';
import { findContentFile } from './content-files';

export const ROUTING_RULES_FILE = 'content/roteamento.yaml';

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
export function parseRoutingRules(text: string, file: string): RoutingRules {
  let data: unknown;
  try {
    data = load(text);
  } catch (error) {
    throw new RoutingRulesError(`${file}: YAML inválido: ${(error as Error).message.split('\n')[0]}`);
  }
  const parsed = roteamentoSchema.safeParse(data);
  if (!parsed.success) {
    throw new RoutingRulesError(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(arquivo)'}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

export function loadRoutingRules(file: string): RoutingRules {
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
export function routingRules(env: Record<string, string | undefined> = process.env): RoutingRules {
  const file = routingRulesPath(env);
  let rules = loaded.get(file);
  if (!rules) loaded.set(file, (rules = loadRoutingRules(file)));
  return rules;
}

/**
 * The route of a lead's answers. A lead whose service is unknown (null) fails every rule with a
 * `servico` condition and matches the rules without one; the file ends with a rule for everyone.
 */
export function leadRouteOf(lead: RoutingAnswers): LeadRoute {
  const { service, segmento, faturamento, numeroVendedores, cargo, modeloNegocio } = lead;
  return matchRoute(routingRules(), { service, segmento, faturamento, numeroVendedores, cargo, modeloNegocio });
}
