// 'Excluir dados' (mentor): says first what goes (every lead of this person, each upcoming meeting,
// cancelled with a notice to its consultant) and what stays elsewhere (the contact in RD Station, the
// team's own mail when the address is a team member's), then asks for the lead's e-mail typed again,
// the confirmation the endpoint checks. Answers how many rows went, for the list's status line.
import { useEffect, useRef, useState } from 'react';
import { painelPaths, type ErasePreview } from '../../../domain/painel/api';
import { eraseCopy, painelMessages } from '../../../domain/painel/copy';
import { request } from '../api';
import { TextField } from '../form/Field';
import { BusyButton, PainelForm } from '../form/PainelForm';
import { useFormSubmit } from '../form/useFormSubmit';
import { dateTimeOf } from '../format';
import { ui } from '../styles';
import { Notice, RetryAlert } from '../ui';
import { useResource } from '../useResource';

type Removed = { leads: number; meetings: number; outbox: number; cancelled: number };

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const summary = (r: Removed) =>
  `Dados excluídos: ${count(r.leads, 'lead', 'leads')}, ${count(r.meetings, 'reunião', 'reuniões')} e ${count(r.outbox, 'e-mail', 'e-mails')}.` +
  (r.cancelled ? ` ${count(r.cancelled, 'reunião futura cancelada', 'reuniões futuras canceladas')}, com aviso ao consultor.` : '');

interface Props {
  idPrefix: string;
  leadId: string;
  email: string;
  onCancel: () => void;
  onErased: (summary: string) => void;
}

export function EraseLead({ idPrefix, leadId, email, onCancel, onErased }: Props) {
  const preview = useResource<ErasePreview>(painelPaths.leadErase(leadId));
  const [typed, setTyped] = useState('');
  const form = useFormSubmit<'confirm'>();
  const field = useRef<HTMLInputElement>(null);
  const ready = preview.state.phase === 'ready' ? preview.state.data : null;
  // Once what goes is shown, the confirmation field is the next thing to do.
  useEffect(() => {
    if (ready) field.current?.focus();
  }, [ready]);

  async function submit() {
    if (form.refuse({ confirm: typed.trim().toLowerCase() === email.toLowerCase() ? null : painelMessages.confirmErase })) return;
    const result = await form.send(() => request<Removed>(painelPaths.leadErase(leadId), { method: 'POST', body: { confirm: typed.trim() } }));
    if (!result) return;
    if (result.ok) return onErased(summary(result.data));
    if (result.status === 400) return void form.refuse({ confirm: result.error });
    form.setMessage({ kind: 'alert', text: result.error });
  }

  return (
    <PainelForm form={form} onSubmit={() => void submit()} aria-labelledby={`${idPrefix}-excluir`} className="grid gap-4 rounded-2xl border border-red-200 bg-red-50 p-4 sm:p-5">
      <h3 id={`${idPrefix}-excluir`} className="text-lg font-bold text-red-900">
        Excluir os dados deste lead?
      </h3>
      {preview.state.phase === 'loading' && <p role="status" className="text-slate-800">{eraseCopy.loading}</p>}
      {preview.state.phase === 'error' && <RetryAlert error={preview.state.error} onRetry={() => void preview.reload()} />}
      {ready && <WhatGoes preview={ready} />}
      <p className="text-slate-800">
        Para confirmar, digite o e-mail do lead: <strong className={ui.wrap}>{email}</strong>
      </p>
      <TextField
        id={`${idPrefix}-confirmar`}
        label="E-mail do lead"
        type="email"
        value={typed}
        onValue={setTyped}
        error={form.errors.confirm}
        inputRef={field}
      />
      <Notice message={form.message} focus />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} disabled={form.busy} className={ui.secondary}>
          Cancelar
        </button>
        <BusyButton busy={form.busy} disabled={form.busy || !ready} label="Confirmar exclusão" busyLabel="Excluindo…" className={ui.danger} />
      </div>
    </PainelForm>
  );
}

/** The lists of what the erasure takes and what it leaves elsewhere. User text isolated (dir=auto). */
function WhatGoes({ preview }: { preview: ErasePreview }) {
  return (
    <div className="grid gap-3 text-slate-800">
      {preview.teamAddress && (
        <p className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 font-medium text-amber-950">{eraseCopy.teamAddress}</p>
      )}
      <div>
        <p className="font-semibold">{eraseCopy.leadsTitle(preview.leads.length)}</p>
        <ul className="mt-1 list-disc pl-5">
          {preview.leads.map((l) => (
            <li key={l.id} className={ui.wrap}>
              <bdi>{l.nome}</bdi> (<bdi>{l.empresa}</bdi>), <bdi>{l.email}</bdi>, enviado em {dateTimeOf(l.createdAt)}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <p className="font-semibold">{preview.upcoming.length ? eraseCopy.upcomingTitle(preview.upcoming.length) : eraseCopy.noUpcoming}</p>
        {preview.upcoming.length > 0 && (
          <ul className="mt-1 list-disc pl-5">
            {preview.upcoming.map((m) => (
              <li key={m.id}>
                {dateTimeOf(m.startsAt)} com <bdi>{m.consultant}</bdi>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p>{eraseCopy.mailsGo}</p>
      {preview.rdContact && (
        <p>
          {eraseCopy.rdStays}{' '}
          <a href={eraseCopy.rdUrl} target="_blank" rel="noopener noreferrer" className={ui.link}>
            {eraseCopy.rdLink}
          </a>
        </p>
      )}
    </div>
  );
}
