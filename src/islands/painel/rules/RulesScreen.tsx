// "Regras de encaminhamento" (mentor): the qualification rules, each read as one sentence, top to bottom
// (the first that matches a lead wins; the last holds for every lead). Add, edit, move up or down, delete:
// each change saves the whole list with the version it was read at (a colleague's save in between is
// refused with a message, never overwritten), applies to the next lead and goes to Atividade. "Pausar" /
// "Retomar" switch one rule by name (its own endpoint: a rule already so, or gone, is told and reloaded).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { painelPaths } from '../../../domain/painel/api';
import { rulePauseCopy, rulesCopy, type RulePause, type RulesRefused, type RulesView } from '../../../domain/painel/rules';
import { ruleSentence } from '../../../domain/scheduling/rule-sentence';
import { request } from '../api';
import { dateTimeOf } from '../format';
import { ui } from '../styles';
import { Notice, RetryAlert, ScreenHeading, type Message } from '../ui';
import { useResource } from '../useResource';
import { draftOf, emptyDraft, fieldOf, ruleOf, type DraftField, type RuleDraft } from './draft';
import { RuleCard } from './RuleCard';
import { RuleEditor } from './RuleEditor';
import { RuleTester } from './RuleTester';
import { Skeleton } from '../Skeleton';

type Editing = { original: string | null; catchAll: boolean; draft: RuleDraft };

export default function RulesScreen({ focus }: { focus: boolean }) {
  const { state, replace, reload } = useResource<RulesView>(painelPaths.rules);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [errors, setErrors] = useState<Partial<Record<DraftField, string>>>({});
  const [errorKey, setErrorKey] = useState(0);
  const [editorMessage, setEditorMessage] = useState<Message>(null);
  const [notice, setNotice] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const pendingFocus = useRef<string | null>(null);

  useEffect(() => {
    if (!pendingFocus.current) return;
    document.getElementById(pendingFocus.current)?.focus();
    pendingFocus.current = null;
  });

  if (state.phase === 'loading') return <Frame focus={focus}><Skeleton /></Frame>;
  if (state.phase === 'error') return <Frame focus={focus}><RetryAlert error={state.error} onRetry={() => void reload()} /></Frame>;
  const view = state.data;
  const names = new Map(view.consultants.map((c) => [c.email, c.name]));
  const last = view.regras.length - 1;

  /** Saves the whole list; answers the refusal's field errors (400), or null when saved or told otherwise. */
  async function save(regras: unknown[], done: string): Promise<RulesRefused | null> {
    setBusy(true);
    const result = await request<RulesView>(painelPaths.rules, { method: 'POST', body: { version: view.version, regras } });
    setBusy(false);
    if (result.ok) {
      replace(result.data);
      setNotice({ kind: 'status', text: done });
      return null;
    }
    if (result.status === 409) {
      await reload();
      setNotice({ kind: 'alert', text: rulesCopy.conflict });
      setEditorMessage({ kind: 'alert', text: rulesCopy.conflict });
      return null;
    }
    if (result.status === 400) {
      const body = result.body as Partial<RulesRefused> | undefined;
      return { error: result.error, fieldErrors: body?.fieldErrors && typeof body.fieldErrors === 'object' ? body.fieldErrors : {} };
    }
    setNotice({ kind: 'alert', text: result.error });
    setEditorMessage({ kind: 'alert', text: result.error });
    return null;
  }

  async function saveRule(draft: RuleDraft) {
    if (!editing) return;
    const list: unknown[] = [...view.regras];
    let index = editing.catchAll ? last : editing.original === null ? -1 : view.regras.findIndex((r) => r.nome === editing.original);
    if (index < 0) {
      index = last;
      list.splice(last, 0, ruleOf(draft));
    } else list[index] = { ...ruleOf(draft), ...(view.regras[index].pausada ? { pausada: true } : {}) };
    setEditorMessage(null);
    const refused = await save(list, 'Regra salva. Vale a partir do próximo lead.');
    // Saved: the status line takes the focus (Notice), as the console's other results do.
    if (!refused) return setEditing(null);
    const mapped: Partial<Record<DraftField, string>> = {};
    const others: string[] = [];
    for (const [path, message] of Object.entries(refused.fieldErrors)) {
      const field = fieldOf(path, index);
      if (field) mapped[field] ??= message;
      else others.push(message);
    }
    setErrors(mapped);
    setErrorKey((k) => k + 1);
    setEditorMessage({ kind: 'alert', text: [refused.error, ...others].join('\n') });
  }

  async function move(from: number, to: number) {
    const list = [...view.regras];
    const [rule] = list.splice(from, 1);
    list.splice(to, 0, rule);
    const refused = await save(list, `Ordem salva: "${rule.nome}" agora é a regra ${to + 1}.`);
    if (refused) setNotice({ kind: 'alert', text: [refused.error, ...Object.values(refused.fieldErrors)].join('\n') });
    pendingFocus.current = `regra-titulo-${to}`;
  }

  async function remove(index: number) {
    const rule = view.regras[index];
    setConfirming(null);
    const refused = await save(view.regras.filter((_, i) => i !== index), `Regra "${rule.nome}" excluída.`);
    if (refused) setNotice({ kind: 'alert', text: [refused.error, ...Object.values(refused.fieldErrors)].join('\n') });
  }

  async function pause(nome: string, pausada: boolean) {
    setBusy(true);
    const result = await request<RulesView>(painelPaths.rulePause, { method: 'POST', body: { nome, pausada } satisfies RulePause });
    setBusy(false);
    if (result.ok) {
      replace(result.data);
      return setNotice({ kind: 'status', text: rulePauseCopy.done(nome, pausada) });
    }
    // Already so, or gone: the screen was stale; it shows the rules as they are now.
    if (result.status === 409) await reload();
    setNotice({ kind: 'alert', text: result.error });
  }

  function edit(next: Editing | null) {
    setErrors({});
    setEditorMessage(null);
    setNotice(null);
    setEditing(next);
    if (!next) pendingFocus.current = 'painel-secao-rules';
  }

  return (
    <Frame focus={focus}>
      <p className="text-slate-700">
        Cada lead do formulário segue a primeira regra, de cima para baixo, que combina com as respostas dele. A última vale para todos os leads.
        Uma mudança vale a partir do próximo lead, sem publicar o site.
      </p>
      <p className={ui.hint}>
        {view.updatedBy ? `Última alteração: ${dateTimeOf(view.updatedAt ?? '')}, por ${view.updatedBy}.` : 'Regras iniciais da instalação, ainda não alteradas no painel.'}
      </p>
      <Notice message={notice} focus />
      {editing ? (
        <RuleEditor key={editing.original ?? ''} initial={editing.draft} catchAll={editing.catchAll} isNew={editing.original === null && !editing.catchAll}
          consultants={view.consultants} errors={errors} errorKey={errorKey} message={editorMessage} busy={busy}
          onSave={(draft) => void saveRule(draft)} onCancel={() => edit(null)} />
      ) : (
        <>
          <div>
            <button type="button" onClick={() => edit({ original: null, catchAll: false, draft: emptyDraft() })} className={ui.primary}>
              + Nova regra
            </button>
          </div>
          <ol className="grid gap-3" aria-label="Regras, na ordem em que são lidas">
            {view.regras.map((rule, i) => (
              <RuleCard key={rule.nome} rule={rule} index={i} last={last} sentence={ruleSentence(rule, names)} busy={busy} confirming={confirming === i}
                onEdit={() => edit({ original: rule.nome, catchAll: i === last, draft: draftOf(rule) })}
                onUp={() => void move(i, i - 1)} onDown={() => void move(i, i + 1)}
                onAskDelete={() => setConfirming(i)} onKeep={() => setConfirming(null)} onDelete={() => void remove(i)}
                onPause={(pausada) => void pause(rule.nome, pausada)} />
            ))}
          </ol>
          <RuleTester view={view} />
        </>
      )}
    </Frame>
  );
}

function Frame({ focus, children }: { focus: boolean; children: ReactNode }) {
  return (
    <section aria-labelledby="painel-secao-rules" className="grid gap-5">
      <ScreenHeading id="painel-secao-rules" focus={focus}>
        Regras de encaminhamento
      </ScreenHeading>
      {children}
    </section>
  );
}
