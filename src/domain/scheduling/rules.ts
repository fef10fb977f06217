// Qualification rules (pure): which destination a lead's answers get, from content/roteamento.yaml.
// The rules are read top to bottom and the first whose conditions all hold wins; a rule without
// conditions (no `quando`, or an empty one) holds for everyone, and the file's schema
// (src/schemas/roteamento.ts) makes the last rule such a catch-all, so every lead gets a destination.
// Each condition lists the values it accepts for one answer; a lead matches a condition when its answer
// is one of them. The shapes below are the file's own (pt-BR keys, as the mentor writes them).
import type { Cargo, Faturamento, ModeloNegocio, NumeroVendedores, Segmento, Service } from '../options';

/** The answers a rule may test. Each condition is the list of values it accepts for that answer. */
export type RuleConditions = {
  servico?: readonly Service[];
  segmento?: readonly Segmento[];
  faturamento?: readonly Faturamento[];
  numeroVendedores?: readonly NumeroVendedores[];
  cargo?: readonly Cargo[];
  modeloNegocio?: readonly ModeloNegocio[];
};

/** Where a rule sends the lead: exactly one of the three (the schema checks it). */
export type RuleDestination = {
  /** The whole active team: today's behaviour. */
  equipe?: 'todos';
  /** A pool of consultants, by email (lower case). */
  consultores?: readonly string[];
  /** No meeting: the wizard shows this message (and link) instead of the calendar. */
  semReuniao?: { mensagem: string; link?: { texto: string; url: string } };
};

/**
 * `pausada`: the mentor switched the rule off for now (painel "Pausar"): the routing reads past it as if
 * it were not there, and it keeps its place and its settings for "Retomar". The last rule is never paused.
 */
export type RoutingRule = { nome: string; quando?: RuleConditions; destino: RuleDestination; pausada?: boolean };
/** content/roteamento.yaml as its schema outputs it. */
export type RoutingRules = { regras: readonly RoutingRule[] };

/**
 * The lead's answers as the form stores them. `service` null: a lead whose service is unknown (an old
 * wizard, a junk value): it fails every rule that has a `servico` condition and matches the others.
 */
export type RoutingAnswers = {
  service: Service | null;
  segmento: Segmento;
  faturamento: Faturamento;
  numeroVendedores: NumeroVendedores;
  cargo: Cargo;
  modeloNegocio: ModeloNegocio;
};

/** The matched rule's name and its destination, as stored with the lead (leads.routing_rule, routing_kind). */
export type LeadRoute =
  | { rule: string; kind: 'team' }
  | { rule: string; kind: 'pool'; emails: string[] }
  | { rule: string; kind: 'none'; message: string; link: { label: string; url: string } | null };

/** Each condition key of a rule and the answer it tests. */
const ANSWER_OF = {
  servico: 'service',
  segmento: 'segmento',
  faturamento: 'faturamento',
  numeroVendedores: 'numeroVendedores',
  cargo: 'cargo',
  modeloNegocio: 'modeloNegocio',
} as const satisfies Record<keyof RuleConditions, keyof RoutingAnswers>;

/** A rule without any condition holds for every lead. */
export const isCatchAll = (rule: Pick<RoutingRule, 'quando'>): boolean =>
  Object.values(rule.quando ?? {}).every((values) => values === undefined);

function holds(conditions: RuleConditions | undefined, answers: RoutingAnswers): boolean {
  return (Object.keys(ANSWER_OF) as (keyof RuleConditions)[]).every((key) => {
    const allowed = conditions?.[key] as readonly string[] | undefined;
    if (allowed === undefined) return true;
    const answer = answers[ANSWER_OF[key]];
    return answer !== null && allowed.includes(answer);
  });
}

function routeOf(rule: RoutingRule): LeadRoute {
  const { semReuniao, consultores } = rule.destino;
  if (semReuniao) {
    const link = semReuniao.link ? { label: semReuniao.link.texto, url: semReuniao.link.url } : null;
    return { rule: rule.nome, kind: 'none', message: semReuniao.mensagem, link };
  }
  if (consultores) return { rule: rule.nome, kind: 'pool', emails: consultores.map((e) => e.toLowerCase()) };
  return { rule: rule.nome, kind: 'team' };
}

/** The first rule in force (not paused), top to bottom, whose conditions all hold for these answers. */
export function matchRoute(rules: RoutingRules, answers: RoutingAnswers): LeadRoute {
  const rule = rules.regras.find((r) => !r.pausada && holds(r.quando, answers));
  // Unreachable with rules that passed the schema (the last one holds for everyone).
  if (!rule) throw new Error('routing rules without a final catch-all: no rule matched');
  return routeOf(rule);
}
