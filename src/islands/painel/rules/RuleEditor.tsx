// One rule's form: a name, the conditions (the form's own options with their pt-BR labels, several values
// each; not for the last rule, which holds for every lead), and where the lead goes: the whole team, chosen
// consultants, or no meeting with the message and link the lead sees. The server checks on save (the same
// checks and words as the seed file's at build time); its errors come back next to their fields and the
// first one takes the focus.
import { useEffect, useRef, useState } from 'react';
import { labelOf } from '../../../domain/options';
import type { RulesView } from '../../../domain/painel/rules';
import { conditionFields } from '../../../domain/scheduling/rule-sentence';
import { TextAreaField, TextField } from '../form/Field';
import { BusyButton, PainelForm } from '../form/PainelForm';
import { RadioGroup } from '../RadioGroup';
import { ui } from '../styles';
import { Notice, type Message } from '../ui';
import { Checklist } from './Checklist';
import { fieldOrder, type ConditionKey, type DestinationKind, type DraftField, type RuleDraft } from './draft';

const destinations: { value: DestinationKind; label: string }[] = [
  { value: 'equipe', label: 'A equipe inteira' },
  { value: 'consultores', label: 'Só os consultores escolhidos' },
  { value: 'semReuniao', label: 'Sem reunião: o lead vê uma mensagem e um link' },
];

/** Where the focus goes for each field's error (the first box of a list). */
const focusTarget: Record<DraftField, string> = {
  nome: '#regra-nome', quando: '#regra-quando-erro', destino: 'input[name="regra-destino"]', consultores: 'input[name="regra-consultores"]',
  mensagem: '#regra-mensagem', linkTexto: '#regra-link-texto', linkUrl: '#regra-link-url',
  ...(Object.fromEntries(conditionFields.map(({ key }) => [`quando.${key}`, `input[name="regra-${key}"]`])) as Record<`quando.${ConditionKey}`, string>),
};

interface Props {
  initial: RuleDraft;
  /** The last rule: it holds for every lead, so it has no conditions. */
  catchAll: boolean;
  isNew: boolean;
  consultants: RulesView['consultants'];
  errors: Partial<Record<DraftField, string>>;
  /** Changes with each refused save, so the same errors again still move the focus. */
  errorKey: number;
  message: Message;
  busy: boolean;
  onSave: (draft: RuleDraft) => void;
  onCancel: () => void;
}

export function RuleEditor({ initial, catchAll, isNew, consultants, errors, errorKey, message, busy, onSave, onCancel }: Props) {
  const [draft, setDraft] = useState(initial);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    const first = fieldOrder.find((f) => errors[f]);
    if (!first) return;
    const target = form.current?.querySelector<HTMLElement>(focusTarget[first]);
    // A condition's list may be folded: open it before the focus goes in.
    target?.closest('details')?.setAttribute('open', '');
    target?.focus();
  }, [errors, errorKey]);

  // Consultants who may be picked: the active ones, and anyone already in this rule (shown as inactive).
  const pickable = consultants
    .filter((c) => c.active || draft.consultores.includes(c.email))
    .map((c) => ({ value: c.email, label: c.active ? c.name : `${c.name} (inativo)` }));

  return (
    <PainelForm form={{ root: form, busy }} onSubmit={() => onSave(draft)} aria-labelledby="regra-editor-titulo" className={`${ui.card} grid gap-5`}>
      <h3 id="regra-editor-titulo" ref={heading} tabIndex={-1} className={ui.subheading}>
        {isNew ? 'Nova regra' : `Editar regra: ${initial.nome}`}
      </h3>
      <Notice message={message} />
      <TextField id="regra-nome" label="Nome da regra" value={draft.nome} onValue={(v) => set('nome', v)} maxLength={120} error={errors.nome} />
      {catchAll ? (
        <p className={ui.hint}>Esta é a última regra: vale para todos os leads que não combinaram com nenhuma regra acima, por isso não tem condições.</p>
      ) : (
        <fieldset className="grid min-w-0 gap-2" aria-describedby={`regra-quando-dica${errors.quando ? ' regra-quando-erro' : ''}`}>
          <legend className={`${ui.label} mb-1`}>Condições</legend>
          <p id="regra-quando-dica" className={ui.hint}>
            Marque as respostas do formulário que a regra aceita. O lead precisa atender a todas as condições marcadas; uma condição sem nada marcado não conta.
          </p>
          {errors.quando && (
            <p id="regra-quando-erro" tabIndex={-1} className={`${ui.error} focus:outline-none`}>
              {errors.quando}
            </p>
          )}
          {conditionFields.map(({ key, label, options }) => {
            const chosen = draft.quando[key];
            const error = errors[`quando.${key}`];
            return (
              <details key={key} open={chosen.length > 0 || Boolean(error) || undefined} className="rounded-xl border border-slate-200 px-3">
                <summary className={`flex min-h-11 cursor-pointer items-center font-medium text-slate-900 ${ui.focusRing} ${ui.wrap}`}>
                  {label}: {chosen.length ? chosen.map((v) => labelOf(options, v)).join(', ') : 'qualquer resposta'}
                </summary>
                <div className="pb-3">
                  <Checklist id={`regra-${key}`} legend={label} hiddenLegend options={options} values={chosen} error={error}
                    onValues={(values) => set('quando', { ...draft.quando, [key]: values })} />
                </div>
              </details>
            );
          })}
        </fieldset>
      )}
      <RadioGroup id="regra-destino" legend="Para onde vai o lead" options={destinations} value={draft.destino} onValue={(v) => set('destino', v)} error={errors.destino} />
      {draft.destino === 'consultores' && (
        <Checklist id="regra-consultores" legend="Consultores que recebem estes leads" hint="O lead vê só os horários livres destes consultores." options={pickable}
          values={draft.consultores} onValues={(v) => set('consultores', v)} error={errors.consultores} />
      )}
      {draft.destino === 'semReuniao' && (
        <div className="grid gap-4">
          <TextAreaField id="regra-mensagem" label="Mensagem que o lead vê no lugar do calendário" value={draft.mensagem} onValue={(v) => set('mensagem', v)} rows={4} maxLength={600}
            error={errors.mensagem} />
          <TextField id="regra-link-texto" label="Texto do link (opcional)" value={draft.linkTexto} onValue={(v) => set('linkTexto', v)} maxLength={80} error={errors.linkTexto} />
          <TextField id="regra-link-url" label="Endereço do link (opcional)" hint="Um caminho do site (/palestras), um endereço https://… ou mailto:…" value={draft.linkUrl}
            onValue={(v) => set('linkUrl', v)} inputMode="url" error={errors.linkUrl} />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <BusyButton busy={busy} label="Salvar regra" busyLabel="Salvando…" className={ui.primary} />
        <button type="button" onClick={onCancel} className={ui.secondary}>
          Cancelar
        </button>
      </div>
    </PainelForm>
  );
}
