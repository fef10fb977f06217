// "Regras de encaminhamento" (issue 33): what GET/POST /api/painel/regras carry, and the screen's words
// that the endpoint says too. The rule checks and their messages live in src/schemas/roteamento.ts.
import type { RoutingRules } from '../scheduling/rules';

/** GET /api/painel/regras, and the answer of a save: the rules in force and who may be named in a pool. */
export type RulesView = {
  regras: RoutingRules['regras'];
  /** What a save must send back: a save made against an older version is refused (409). */
  version: number;
  updatedAt: string | null;
  /** Who saved last (null: the seed of a new install). */
  updatedBy: string | null;
  /** Every consultant (active first), for the pickers, the sentences and "Testar". */
  consultants: { email: string; name: string; active: boolean }[];
};

/** POST /api/painel/regras: the whole ordered list, and the version it was edited from. */
export type RulesSave = { version: number; regras: unknown[] };

/** 400 of a save: `fieldErrors` by the schema's path ("regras.2.destino.consultores"). */
export type RulesRefused = { error: string; fieldErrors: Record<string, string> };

/** At most this many rules (each lead reads them all, and a phone shows them all). */
export const MAX_RULES = 50;

export const rulesCopy = {
  invalid: 'Verifique os campos destacados.',
  conflict: 'Outra pessoa alterou as regras enquanto você editava; nada foi salvo. A lista foi atualizada: confira e salve de novo.',
  tooMany: `Use até ${MAX_RULES} regras.`,
  unknownConsultant: (email: string) => `"${email}" não é um consultor cadastrado`,
  /** Every consultant of a pool is inactive: the rule's leads would see no times at all. */
  allInactive: 'todos os consultores desta regra estão desativados: os leads dela não veriam nenhum horário. Inclua um consultor ativo (ou reative um em Equipe).',
  /** The Atividade line of a save (the rules as sentences, before and after). */
  activity: (before: string, after: string) => `Antes: ${before} ⇒ Depois: ${after}`,
} as const;

/** "Pausar"/"Retomar" a rule, in the painel and in its endpoint (functions/lib/painel/handlers/rules.ts). */
export const rulePauseCopy = {
  paused: 'Pausada',
  pausedHint: 'Pausada: os leads passam direto para as regras abaixo dela.',
  done: (nome: string, pausada: boolean) =>
    pausada ? `Regra "${nome}" pausada: os próximos leads passam direto por ela.` : `Regra "${nome}" retomada: vale a partir do próximo lead.`,
  already: (nome: string, pausada: boolean) =>
    `A regra "${nome}" já estava ${pausada ? 'pausada' : 'ativa'}; nada mudou. A lista foi atualizada.`,
  gone: (nome: string) => `A regra "${nome}" não existe mais (outra pessoa a excluiu ou renomeou); nada mudou. A lista foi atualizada.`,
  lastRuleRefused: 'A última regra vale para todos os leads e não pode ser pausada; nada mudou.',
  activity: (nome: string, pausada: boolean) => `${pausada ? 'Pausou' : 'Retomou'} a regra "${nome}"`,
} as const;

/** POST /api/painel/regras/pausa: one rule, by name, paused (true) or back in force (false). */
export type RulePause = { nome: string; pausada: boolean };

/** "Desativar"'s warning when the person is the only active consultant of rules (their leads then go to the whole team: functions/lib/routing.ts). */
export function soleActiveWarning(name: string, rules: string[]): string {
  const names = rules.map((r) => `“${r}”`).join(', ');
  return rules.length === 1
    ? `${name} é o único consultor ativo da regra ${names}: até você incluir outro consultor nela, os leads dessa regra vão para a equipe inteira.`
    : `${name} é o único consultor ativo das regras ${names}: até você incluir outro consultor nelas, os leads dessas regras vão para a equipe inteira.`;
}
