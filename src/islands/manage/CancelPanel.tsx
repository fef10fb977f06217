import { useEffect, useRef, useState } from 'react';
import { CANCEL_REASON_MAX } from '../../domain/manage';
import type { ReuniaoContent } from '../../schemas/reuniao';
import { buttonStyles } from './styles';

interface Props {
  copy: ReuniaoContent['cancelConfirm'];
  busy: boolean;
  onConfirm: (reason: string) => void;
  onBack: () => void;
}

/** 'Cancelar reunião' asks first: an optional reason, then 'Confirmar cancelamento'. */
export function CancelPanel({ copy, busy, onConfirm, onBack }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [reason, setReason] = useState('');
  useEffect(() => heading.current?.focus(), []);

  return (
    <form
      aria-labelledby="cancelar-titulo"
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy) onConfirm(reason.trim());
      }}
    >
      <div>
        <h2 id="cancelar-titulo" ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 focus:outline-none">
          {copy.heading}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{copy.text}</p>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor="cancelar-motivo" className="text-sm font-medium text-slate-800">
          {copy.reasonLabel}
        </label>
        <textarea
          id="cancelar-motivo"
          name="motivo"
          rows={3}
          maxLength={CANCEL_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-describedby="cancelar-motivo-dica"
          className="w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-500"
        />
        <p id="cancelar-motivo-dica" className="text-sm text-slate-600">
          {copy.reasonHint}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={onBack} disabled={busy} className={buttonStyles.secondary}>
          {copy.back}
        </button>
        <button type="submit" aria-busy={busy || undefined} disabled={busy} className={buttonStyles.danger}>
          {busy ? copy.confirming : copy.confirm}
        </button>
      </div>
    </form>
  );
}
