// Toasts inside the open scheduling dialog: a modal dialog makes the rest of the page inert,
// so a page-level toast would be hidden behind the backdrop and from screen readers.
import { Toaster } from 'sonner';
import type { ToastCopy } from '../../../schemas/orcamento';
import { toasterProps } from './toasterProps';
import { useToastDrain } from './useToastDrain';

const TOASTER_ID = 'agendamento';

export function DialogToasts({ copy }: { copy: ToastCopy }) {
  useToastDrain(true, TOASTER_ID);
  return <Toaster {...toasterProps(copy)} id={TOASTER_ID} />;
}
