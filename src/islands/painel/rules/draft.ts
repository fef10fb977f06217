// A rule as the editor holds it (plain strings and lists, empty = not used), to and from the stored shape,
// and the save's field errors ("regras.2.destino.consultores.0") mapped to the editor's fields.
import type { RoutingRule, RuleConditions } from '../../../domain/scheduling/rules';
import { conditionFields } from '../../../domain/scheduling/rule-sentence';

export type DestinationKind = 'equipe' | 'consultores' | 'semReuniao';
export type ConditionKey = keyof RuleConditions;

export type RuleDraft = {
  nome: string;
  quando: Record<ConditionKey, string[]>;
  destino: DestinationKind;
  consultores: string[];
  mensagem: string;
  linkTexto: string;
  linkUrl: string;
};

/** The editor's fields an error can sit on. */
export type DraftField = 'nome' | 'quando' | `quando.${ConditionKey}` | 'destino' | 'consultores' | 'mensagem' | 'linkTexto' | 'linkUrl';

const noConditions = (): Record<ConditionKey, string[]> =>
  Object.fromEntries(conditionFields.map((f) => [f.key, [] as string[]])) as Record<ConditionKey, string[]>;

export const emptyDraft = (): RuleDraft => ({ nome: '', quando: noConditions(), destino: 'equipe', consultores: [], mensagem: '', linkTexto: '', linkUrl: '' });

export function draftOf(rule: RoutingRule): RuleDraft {
  const quando = noConditions();
  for (const { key } of conditionFields) quando[key] = [...((rule.quando?.[key] as readonly string[] | undefined) ?? [])];
  const { consultores, semReuniao } = rule.destino;
  return {
    nome: rule.nome, quando,
    destino: semReuniao ? 'semReuniao' : consultores ? 'consultores' : 'equipe',
    consultores: [...(consultores ?? [])],
    mensagem: semReuniao?.mensagem ?? '', linkTexto: semReuniao?.link?.texto ?? '', linkUrl: semReuniao?.link?.url ?? '',
  };
}

/** The stored shape (the server checks it); a condition with no value ticked is left out, as is an empty link. */
export function ruleOf(draft: RuleDraft): Record<string, unknown> {
  const quando = Object.fromEntries(conditionFields.filter(({ key }) => draft.quando[key].length).map(({ key }) => [key, draft.quando[key]]));
  const link = draft.linkTexto.trim() || draft.linkUrl.trim() ? { texto: draft.linkTexto, url: draft.linkUrl } : undefined;
  const destino =
    draft.destino === 'semReuniao' ? { semReuniao: { mensagem: draft.mensagem, ...(link ? { link } : {}) } }
      : draft.destino === 'consultores' ? { consultores: draft.consultores }
        : { equipe: 'todos' };
  return { nome: draft.nome, ...(Object.keys(quando).length ? { quando } : {}), destino };
}

/** The field of the rule at `index` a save's error names; null: another rule's (or the list's) error. */
export function fieldOf(path: string, index: number): DraftField | null {
  const prefix = `regras.${index}.`;
  if (!path.startsWith(prefix)) return null;
  const [head, second, third, fourth] = path.slice(prefix.length).split('.');
  if (head === 'nome') return 'nome';
  if (head === 'quando') return second && conditionFields.some((f) => f.key === second) ? `quando.${second as ConditionKey}` : 'quando';
  if (head !== 'destino') return 'nome';
  if (second === 'consultores') return 'consultores';
  if (second === 'semReuniao') {
    if (third === 'mensagem' || third === undefined) return 'mensagem';
    return fourth === 'url' ? 'linkUrl' : 'linkTexto';
  }
  return 'destino';
}

/** The editor's order of fields: the first with an error takes the focus. */
export const fieldOrder: readonly DraftField[] = [
  'nome', 'quando', ...conditionFields.map((f) => `quando.${f.key}` as const), 'destino', 'consultores', 'mensagem', 'linkTexto', 'linkUrl',
];
