// Google's card: the offline-conversion files' secret link ("Gerar link" / "Gerar novo link", confirmed,
// the two addresses shown once, read-only and selected on focus), the last fetch, and the conversion
// actions' names. Each answer is announced in a status line that takes the focus; refusals in an alert,
// an empty name beside its field with the focus on it.
import { useEffect, useRef, useState } from 'react';
import {
  googleFileCopy as copy, googleFilePaths, GOOGLE_NAME_MAX, type GoogleFileLink, type GoogleFileStages, type GoogleFileStatus, type GoogleNamesInput,
} from '../../../domain/painel/google-file';
import { request } from '../api';
import { dateTimeOf } from '../format';
import { BusyButton, PainelForm } from '../form/PainelForm';
import { useFormSubmit } from '../form/useFormSubmit';
import { ui } from '../styles';
import { Notice, TextField } from '../ui';

const STAGES: GoogleFileStages[] = ['reuniao_qualificada', 'negocio_ganho'];

export function GoogleFileBlock({ status, onStatus }: { status: GoogleFileStatus; onStatus: (s: GoogleFileStatus) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [links, setLinks] = useState<GoogleFileLink['links'] | null>(null);
  const linkForm = useFormSubmit();
  const id = 'google-arquivo';
  // The question takes the focus when it opens, so a keyboard or screen-reader user reads it first.
  const question = useRef<HTMLParagraphElement>(null);
  const rotateBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (confirming) question.current?.focus();
  }, [confirming]);

  async function rotate() {
    const result = await linkForm.send(() => request<GoogleFileLink>(googleFilePaths.rotate, { method: 'POST', body: {} }));
    if (!result) return;
    setConfirming(false);
    if (!result.ok) return linkForm.setMessage({ kind: 'alert', text: result.error });
    const { links: made, ...next } = result.data;
    onStatus(next);
    setLinks(made);
    linkForm.setMessage({ kind: 'status', text: copy.shownOnce });
  }

  function cancel() {
    setConfirming(false);
    requestAnimationFrame(() => rotateBox.current?.querySelector('button')?.focus());
  }

  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-xl border border-slate-200 p-3">
      <h4 id={id} className={`font-semibold text-slate-900 ${ui.wrap}`}>{copy.title}</h4>
      <p className={`text-slate-700 ${ui.wrap}`}>{copy.intro}</p>
      <p className="text-slate-800" data-testid="google-arquivo-estado">
        {status.linked && status.linkedAt ? `${copy.linkedAt} ${dateTimeOf(status.linkedAt)}. ` : `${copy.notLinked} `}
        {status.linked && (status.lastFetchAt ? copy.lastFetch(dateTimeOf(status.lastFetchAt), status.lastFetchRows ?? 0) : copy.neverFetched)}
      </p>
      <Notice message={linkForm.message} focus />
      {links && (
        <div className="grid gap-3">
          {([['clicks', copy.clicksLabel], ['contacts', copy.contactsLabel]] as const).map(([key, label]) => (
            <TextField key={key} id={`${id}-${key}`} label={label} value={links[key]} onValue={() => {}} readOnly onFocus={(e) => e.currentTarget.select()} />
          ))}
        </div>
      )}
      {confirming ? (
        <div className="grid gap-2">
          <p ref={question} tabIndex={-1} className={`${ui.warning} focus:outline-none`}>{copy.confirmRotate}</p>
          <div className="flex flex-col gap-2 sm:flex-row">
            <BusyButton type="button" busy={linkForm.busy} label={copy.regenerate} busyLabel={copy.generating} onClick={() => void rotate()} className={ui.primary} />
            <button type="button" onClick={cancel} className={ui.secondary}>Cancelar</button>
          </div>
        </div>
      ) : (
        <div ref={rotateBox}>
          <BusyButton
            type="button" busy={linkForm.busy} busyLabel={copy.generating} className={ui.secondary}
            label={status.linked ? copy.regenerate : copy.generate}
            onClick={() => (status.linked ? setConfirming(true) : void rotate())}
          />
        </div>
      )}
      <NamesForm status={status} onStatus={onStatus} />
    </section>
  );
}

function NamesForm({ status, onStatus }: { status: GoogleFileStatus; onStatus: (s: GoogleFileStatus) => void }) {
  const [names, setNames] = useState(status.names);
  const form = useFormSubmit<GoogleFileStages>();
  const check = (v: string) => (v.trim() && v.trim().length <= GOOGLE_NAME_MAX && !/^[=+\-@]/.test(v.trim()) ? null : copy.badName);

  async function save() {
    if (form.refuse({ reuniao_qualificada: check(names.reuniao_qualificada), negocio_ganho: check(names.negocio_ganho) })) return;
    const result = await form.send(() => request<GoogleFileStatus>(googleFilePaths.status, { method: 'POST', body: { names } satisfies GoogleNamesInput }));
    if (!result) return;
    if (!result.ok) return form.setMessage({ kind: 'alert', text: result.error });
    onStatus(result.data);
    setNames(result.data.names);
    form.setMessage({ kind: 'status', text: copy.namesSaved });
  }

  return (
    <PainelForm form={form} onSubmit={() => void save()} className="grid gap-3" aria-labelledby="google-nomes">
      <h5 id="google-nomes" className="font-semibold text-slate-900">{copy.namesTitle}</h5>
      <p className={ui.hint}>{copy.namesHelp}</p>
      {STAGES.map((stage) => (
        <TextField
          key={stage} id={`google-nome-${stage}`} label={copy.nameLabels[stage]} value={names[stage]} maxLength={GOOGLE_NAME_MAX}
          onValue={(v) => setNames((n) => ({ ...n, [stage]: v }))} error={form.errors[stage]}
        />
      ))}
      <div>
        <BusyButton busy={form.busy} label={copy.saveNames} busyLabel={copy.savingNames} className={ui.secondary} />
      </div>
      <Notice message={form.message} focus />
    </PainelForm>
  );
}
