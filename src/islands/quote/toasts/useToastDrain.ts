import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { toast } from 'sonner';
import { $toasts, takeToasts } from '../../store';

/**
 * Shows queued toasts on one Toaster. Only one drains at a time: the dialog's own Toaster while the
 * modal dialog is open (everything outside a modal dialog is inert and hidden from screen readers),
 * the page's Toaster otherwise.
 */
export function useToastDrain(active: boolean, toasterId?: string) {
  const queued = useStore($toasts);
  useEffect(() => {
    if (!active || queued.length === 0) return;
    for (const t of takeToasts()) {
      const show = t.kind === 'error' ? toast.error : toast.success;
      show(t.title, { description: t.description, duration: t.kind === 'error' ? 8000 : 6000, toasterId });
    }
  }, [active, queued, toasterId]);
}
