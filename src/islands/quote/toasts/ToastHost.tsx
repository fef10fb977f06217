// Lazy chunk: sonner's renderer. Toasts are queued in the store, so code anywhere (even before
// this chunk arrives) can raise one; they are shown as soon as the renderer is mounted.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { Toaster, toast } from 'sonner';
import type { ToastCopy } from '../../../schemas/orcamento';
import { $toasts, takeToasts } from '../../store';

export default function ToastHost({ copy }: { copy: ToastCopy }) {
  const queued = useStore($toasts);
  useEffect(() => {
    for (const t of takeToasts()) {
      const show = t.kind === 'error' ? toast.error : toast.success;
      show(t.title, { description: t.description, duration: t.kind === 'error' ? 8000 : 6000 });
    }
  }, [queued]);

  return (
    <Toaster
      position="top-center"
      richColors
      closeButton
      containerAriaLabel={copy.regionLabel}
      toastOptions={{ closeButtonAriaLabel: copy.closeLabel }}
    />
  );
}
