// Toasts inside the open scheduling dialog: a modal dialog makes the rest of the page inert,
// so a page-level toast would be hidden behind the backdrop and from screen readers.
import { Toaster } from 'sonner';
import type { ToastCopy } from '../../../schemas/orcamento';
import { useToastDrain } from './useToastDrain';

const TOASTER_ID = 'agendamento';

export function DialogToasts({ copy }: { copy: ToastCopy }) {
  useToastDrain(true, TOASTER_ID);
  return <Toaster id={TOASTER_ID} position="top-center" richColors closeButton containerAriaLabel={copy.regionLabel} toastOptions={{ closeButtonAriaLabel: copy.closeLabel }} />;
}
