import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { toast } from 'sonner';
import { $toasts, takeToasts } from '../../store';

/**
 * Shows queued toasts on the page's Toaster while `active`. While the modal scheduling dialog is open
 * (everything outside it is inert and hidden from screen readers), the dialog shows them inline instead
 * (dialog/DialogMessage.tsx).
 */
export function useToastDrain(active: boolean) {
  const queued = useStore($toasts);
  useEffect(() => {
    if (!active || queued.length === 0) return;
    for (const t of takeToasts()) {
      const show = t.kind === 'error' ? toast.error : toast.success;
      show(t.title, { description: t.description, duration: t.kind === 'error' ? 8000 : 6000 });
    }
  }, [active, queued]);
}
