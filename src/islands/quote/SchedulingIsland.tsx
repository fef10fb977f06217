// Island: hosts the scheduling dialog and the toasts, both loaded on demand so neither weighs on
// the first paint of /orcamento. The dialog chunk is prefetched when the browser is idle on the
// last form step, and loaded at the latest on "Finalizar e Agendar".
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { trackSchedulingStarted } from '../../lib/analytics';
import type { DialogCopy, ToastCopy } from '../../schemas/orcamento';
import { $quote, $schedulingOpen, $toasts, TOTAL_STEPS } from '../store';
import { quoteBooking } from './quoteBooking';

const loadDialog = () => import('./dialog/SchedulingDialog');
const loadToasts = () => import('./toasts/ToastHost');
const SchedulingDialog = lazy(loadDialog);
const ToastHost = lazy(loadToasts);

const whenIdle = (fn: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1500);

interface Props {
  dialog: DialogCopy;
  toasts: ToastCopy;
}

export default function SchedulingIsland({ dialog, toasts }: Props) {
  const open = useStore($schedulingOpen);
  const { step, service, leadId } = useStore($quote, { ssr: 'initial' });
  const submit = useMemo(() => quoteBooking(toasts), [toasts]);
  const queued = useStore($toasts).length > 0;
  // The toast region is mounted once the form starts, so it exists before its first announcement.
  const [toastsWanted, setToastsWanted] = useState(false);

  useEffect(() => {
    if (step >= 1 && !toastsWanted) whenIdle(() => setToastsWanted(true));
    if (step === TOTAL_STEPS) whenIdle(() => void loadDialog());
  }, [step, toastsWanted]);

  return (
    <>
      {open && (
        <Suspense fallback={null}>
          {/* The times are routed for this lead: its rule's consultants, its earlier consultant first. */}
          <SchedulingDialog copy={dialog} toasts={toasts} submit={submit} hint={{ lead: leadId }} onOpen={() => service && trackSchedulingStarted(service)} />
        </Suspense>
      )}
      {(toastsWanted || queued) && (
        <Suspense fallback={null}>
          <ToastHost copy={toasts} />
        </Suspense>
      )}
    </>
  );
}
