// Lazy chunk: sonner's page-level renderer. Toasts are queued in the store, so code anywhere (even
// before this chunk arrives) can raise one; they show as soon as a renderer is mounted.
import { useStore } from '@nanostores/react';
import { Toaster } from 'sonner';
import type { ToastCopy } from '../../../schemas/orcamento';
import { $schedulingOpen } from '../../store';
import { toasterProps } from './toasterProps';
import { useToastDrain } from './useToastDrain';

export default function ToastHost({ copy }: { copy: ToastCopy }) {
  const dialogOpen = useStore($schedulingOpen);
  useToastDrain(!dialogOpen);
  return <Toaster {...toasterProps(copy)} />;
}
