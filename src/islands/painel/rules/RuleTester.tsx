// "Testar": a set of answers as a lead would give them, and which rule fires (the same matchRoute the
// server runs, on the rules shown) and who would be offered: the pool's or the team's active consultants,
// or the message of a rule without meeting.
import { useState } from 'react';
import type { RulesView } from '../../../domain/painel/rules';
import { conditionFields } from '../../../domain/scheduling/rule-sentence';
import { matchRoute, type RoutingAnswers } from '../../../domain/scheduling/rules';
import { SelectField } from '../form/Field';
import { PainelForm } from '../form/PainelForm';
import { ui } from '../styles';
import type { ConditionKey } from './draft';

const ANSWER_OF: Record<ConditionKey, keyof RoutingAnswers> = {
  servico: 'service', segmento: 'segmento', faturamento: 'faturamento', numeroVendedores: 'numeroVendedores', cargo: 'cargo', modeloNegocio: 'modeloNegocio',
};

/** The sentence of the result; one home for the screen and its test. */
export function testResult(view: Pick<RulesView, 'regras' | 'consultants'>, answers: RoutingAnswers): string {
  const route = matchRoute({ regras: view.regras }, answers);
  const index = view.regras.findIndex((r) => r.nome === route.rule);
  const head = `Vale a regra ${index + 1}, "${route.rule}".`;
  if (route.kind === 'none') return `${head} Sem reunião: o lead vê a mensagem "${route.message}"${route.link ? ` e o link "${route.link.label}"` : ''}.`;
  // A pool in its own order; the team as listed. Inactive consultants are never offered.
  const active = route.kind === 'pool'
    ? route.emails.flatMap((email) => view.consultants.filter((c) => c.active && c.email === email))
    : view.consultants.filter((c) => c.active);
  if (!active.length) return `${head} Nenhum consultor ativo nesta regra: o lead não vê horários.`;
  return `${head} Horários oferecidos de: ${active.map((c) => c.name).join(', ')}.`;
}

export function RuleTester({ view }: { view: Pick<RulesView, 'regras' | 'consultants'> }) {
  const [answers, setAnswers] = useState<Record<ConditionKey, string>>(
    () => Object.fromEntries(conditionFields.map((f) => [f.key, f.options[0].value])) as Record<ConditionKey, string>,
  );
  const [result, setResult] = useState('');

  function submit() {
    const lead = Object.fromEntries(conditionFields.map((f) => [ANSWER_OF[f.key], answers[f.key]])) as RoutingAnswers;
    setResult(testResult(view, lead));
  }

  return (
    <PainelForm onSubmit={submit} aria-labelledby="regras-testar" className={`${ui.card} grid gap-4`}>
      <h3 id="regras-testar" className={ui.subheading}>Testar</h3>
      <p className={ui.hint}>Escolha as respostas de um lead e veja qual regra vale e quem seria oferecido (com as regras salvas acima).</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {conditionFields.map(({ key, label, options }) => (
          <SelectField key={key} id={`testar-${key}`} label={label} options={options} value={answers[key]} onValue={(value) => setAnswers((a) => ({ ...a, [key]: value }))} />
        ))}
      </div>
      <div>
        <button type="submit" className={ui.secondary}>Testar</button>
      </div>
      <p role="status" className={`font-medium text-slate-900 ${ui.wrap}`}>{result}</p>
    </PainelForm>
  );
}
