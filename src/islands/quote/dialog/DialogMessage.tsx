// Messages raised while the scheduling dialog is open ("Dados salvos…", a taken slot, no connection) are
// shown inline, above its buttons: a toast inside the modal dialog covered its title and close button on a
// phone and put its own close button in the dialog's Tab cycle. Errors are alerts; the rest are status.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $toasts, takeToasts, type ToastRequest } from '../../store';

export function DialogMessage() {
  const queued = useStore($toasts);
  const [shown, setShown] = useState<ToastRequest | null>(null);
  useEffect(() => {
    if (queued.length === 0) return;
    const latest = takeToasts().at(-1);
    // Reacts to the shared queue (an external store), taking what was raised for the open dialog.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (latest) setShown(latest);
  }, [queued]);

  const error = shown?.kind === 'error';
  return (
    <div role={error ? 'alert' : 'status'} data-testid="agendamento-mensagem" data-message-id={shown?.id} className="empty:hidden">
      {shown && (
        <p className={`rounded-lg border px-4 py-3 text-sm ${error ? 'border-red-300 bg-red-50 text-red-900' : 'border-emerald-300 bg-emerald-50 text-emerald-900'}`}>
          <strong className="block font-semibold">{shown.title}</strong>
          {shown.description}
        </p>
      )}
    </div>
  );
}
