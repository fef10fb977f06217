// "Gastos com anúncios" in Números (the mentor's only): a platform's CSV export imported from the file
// picker (a phone's too), the answer as one line that takes the focus, every import with "Desfazer" behind
// a confirmation, and the campaign map beside it on a desktop (CampaignMap.tsx).
import { useEffect, useRef, useState } from 'react';
import { formatBrl } from '../../../domain/money';
import { platformLabels, spendCopy, SPEND_UPLOAD_MAX_BYTES, type SpendImportView, type SpendView } from '../../../domain/painel/spend';
import { brDate } from '../../../domain/scheduling/time';
import { Field } from '../form/Field';
import { BusyButton, PainelForm } from '../form/PainelForm';
import { useFormSubmit } from '../form/useFormSubmit';
import { dateTimeOf } from '../format';
import { ui } from '../styles';
import { Notice, RetryAlert } from '../ui';
import { CampaignMap } from './CampaignMap';
import { undoSpendImport, uploadSpendFile, useSpend } from './useSpend';

export function SpendImports() {
  const { state, reload, replace } = useSpend();
  const view = state.phase === 'ready' ? state.data : null;
  return (
    <section aria-labelledby="gastos-titulo" className={`${ui.card} grid min-w-0 gap-4`}>
      <h3 id="gastos-titulo" className={ui.subheading}>
        {spendCopy.title}
      </h3>
      {state.phase === 'loading' && <p role="status" className="text-slate-600">Carregando…</p>}
      {state.phase === 'error' && <RetryAlert error={state.error} onRetry={() => void reload()} />}
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 content-start gap-4">
          <ImportForm onImported={() => void reload()} />
          {view && <ImportList imports={view.imports} onChanged={() => void reload()} />}
        </div>
        {view && <CampaignMap view={view} onSaved={(campaigns) => replace({ ...view, campaigns } satisfies SpendView)} />}
      </div>
    </section>
  );
}

function ImportForm({ onImported }: { onImported: () => void }) {
  const form = useFormSubmit<'arquivo'>();
  const [file, setFile] = useState<File | null>(null);
  const submit = () => {
    if (!file || file.size > SPEND_UPLOAD_MAX_BYTES) {
      form.refuse({ arquivo: file ? spendCopy.uploadTooLarge : spendCopy.emptyFile });
      return;
    }
    void form.send(async () => {
      const result = await uploadSpendFile(file);
      if (!result.ok) return form.setMessage({ kind: 'alert', text: result.error });
      form.setMessage({ kind: 'status', text: result.data.message });
      if (result.data.status === 'imported') onImported();
    });
  };
  return (
    <PainelForm form={form} onSubmit={submit} className="grid gap-3">
      <Field id="gastos-arquivo" label={spendCopy.fileLabel} hint={spendCopy.fileHint} error={form.errors.arquivo}>
        {(wiring) => (
          <input
            {...wiring}
            type="file"
            accept=".csv,text/csv"
            className={`${wiring.className} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-slate-800`}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              form.refuse({});
            }}
          />
        )}
      </Field>
      <BusyButton busy={form.busy} label="Importar" busyLabel={spendCopy.importing} className={`${ui.primary} w-full sm:w-auto sm:justify-self-start`} />
      <Notice message={form.message} focus />
    </PainelForm>
  );
}

function ImportList({ imports, onChanged }: { imports: SpendImportView[]; onChanged: () => void }) {
  return (
    <section aria-labelledby="gastos-importacoes" className="grid min-w-0 gap-3">
      <h4 id="gastos-importacoes" className="text-base font-bold text-slate-900">
        {spendCopy.importsTitle}
      </h4>
      {imports.length === 0 ? (
        <p className={ui.hint}>{spendCopy.noImports}</p>
      ) : (
        <ul className="grid gap-3">
          {imports.map((item) => (
            <ImportItem key={item.id} item={item} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ImportItem({ item, onChanged }: { item: SpendImportView; onChanged: () => void }) {
  const form = useFormSubmit();
  const [confirming, setConfirming] = useState(false);
  const undoButton = useRef<HTMLButtonElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  // The button pressed is replaced by the confirmation (and back): the focus follows, never left on the page's body.
  useEffect(() => {
    if (confirming) confirmation.current?.querySelector('button')?.focus();
    else if (opened.current) undoButton.current?.focus();
    opened.current = confirming;
  }, [confirming]);
  const undo = () =>
    void form.send(async () => {
      const result = await undoSpendImport(item.id);
      if (!result.ok) return form.setMessage({ kind: 'alert', text: result.error });
      opened.current = false;
      setConfirming(false);
      form.setMessage({ kind: 'status', text: result.data.message });
      onChanged();
    });
  const facts: [string, string][] = [
    ['Plataforma', platformLabels[item.platform]],
    ['Linhas', item.rowCount.toLocaleString('pt-BR')],
    ['Período', item.firstDay === item.lastDay ? brDate(item.firstDay) : `${brDate(item.firstDay)} a ${brDate(item.lastDay)}`],
    ['Total', formatBrl(item.totalCents)],
    ['Quem', item.importedBy],
    ['Quando', dateTimeOf(item.importedAt)],
  ];
  return (
    <li className={`grid gap-2 rounded-xl border p-3 ${item.undoneAt ? 'border-slate-200 bg-slate-50' : 'border-slate-300 bg-white'}`}>
      <p className={`font-semibold text-slate-900 ${ui.wrap}`}>{item.fileName}</p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-600">{term}</dt>
            <dd className={`text-slate-900 ${ui.wrap}`}>{value}</dd>
          </div>
        ))}
      </dl>
      {item.undoneAt ? (
        <p className="text-sm font-medium text-slate-700">{`Desfeita em ${dateTimeOf(item.undoneAt)} por ${item.undoneBy ?? ''}`}</p>
      ) : confirming ? (
        <div ref={confirmation} className="grid gap-2">
          <p className={ui.warning}>Desfazer esta importação? Os dias dela voltam ao que a importação anterior dizia, ou ficam sem gasto.</p>
          <div className="flex flex-wrap gap-2">
            <BusyButton type="button" busy={form.busy} label={spendCopy.undoConfirm} busyLabel="Desfazendo…" className={ui.danger} onClick={undo} />
            <button type="button" className={ui.secondary} disabled={form.busy} onClick={() => setConfirming(false)}>
              {spendCopy.keep}
            </button>
          </div>
        </div>
      ) : (
        <button ref={undoButton} type="button" className={`${ui.small} justify-self-start`} onClick={() => setConfirming(true)}>
          {spendCopy.undo}
          <span className="sr-only">{` a importação ${item.fileName}`}</span>
        </button>
      )}
      <Notice message={form.message} focus />
    </li>
  );
}
