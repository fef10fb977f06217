// A qualification rule read as one pt-BR sentence, with the form's own labels (src/domain/options.ts):
// "Se Serviço é Tráfego Pago e Segmento é Energia Solar → Dora, Mariana". One home for the painel's list,
// its "Testar" box and the Atividade line of a change (before → after).
import {
  cargoOptions, faturamentoOptions, labelOf, modeloNegocioOptions, numeroVendedoresOptions, segmentoOptions, serviceOptions, type Option,
} from '../options';
import { isCatchAll, type RoutingRule, type RuleConditions } from './rules';

/** Each condition of a rule: its name on screen and the form's options (value → label). */
export const conditionFields: readonly { key: keyof RuleConditions; label: string; options: readonly Option[] }[] = [
  { key: 'servico', label: 'Serviço', options: serviceOptions },
  { key: 'segmento', label: 'Segmento', options: segmentoOptions },
  { key: 'faturamento', label: 'Faturamento', options: faturamentoOptions },
  { key: 'numeroVendedores', label: 'Vendedores', options: numeroVendedoresOptions },
  { key: 'cargo', label: 'Cargo', options: cargoOptions },
  { key: 'modeloNegocio', label: 'Modelo de negócio', options: modeloNegocioOptions },
];

export const ruleWords = {
  everyone: 'Todos os leads',
  team: 'equipe inteira',
  noMeeting: 'sem reunião',
} as const;

/** "Segmento é Energia Solar ou Indústria / Fábrica" and the others, joined by "e". */
export function conditionsText(quando: RuleConditions | undefined): string {
  return conditionFields
    .filter(({ key }) => quando?.[key] !== undefined)
    .map(({ key, label, options }) => `${label} é ${(quando?.[key] as readonly string[]).map((v) => labelOf(options, v)).join(' ou ')}`)
    .join(' e ');
}

/** Who a destination names: consultants by name (`names`: e-mail → name; an unknown e-mail shows as is). */
export function destinationText(rule: Pick<RoutingRule, 'destino'>, names: ReadonlyMap<string, string>): string {
  const { consultores, semReuniao } = rule.destino;
  if (semReuniao) return ruleWords.noMeeting;
  if (consultores) return consultores.map((email) => names.get(email.toLowerCase()) ?? email).join(', ');
  return ruleWords.team;
}

/** "Se … → …", or "Todos os leads → …" for the rule without conditions. */
export function ruleSentence(rule: Pick<RoutingRule, 'quando' | 'destino'>, names: ReadonlyMap<string, string>): string {
  const when = isCatchAll(rule) ? ruleWords.everyone : `Se ${conditionsText(rule.quando)}`;
  return `${when} → ${destinationText(rule, names)}`;
}
