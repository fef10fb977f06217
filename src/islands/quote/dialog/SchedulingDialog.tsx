// The scheduling dialog (lazy chunk: react-day-picker + date-fns), used to book (/orcamento) and to
// reschedule (/reuniao): the caller's `submit` decides what 'Confirmar Agendamento' sends. Mounted
// while open, so closing it drops date, time and slots; the caller's state (saved lead, meeting) stays.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { addMonths, isSameMonth, startOfMonth } from 'date-fns';
import type { AvailabilityHint, AvailabilitySlot } from '../../../domain/api';
import type { DialogCopy, ToastCopy } from '../../../schemas/orcamento';
import { closeScheduling } from '../../store';
import { DialogMessage } from './DialogMessage';
import { Calendar } from './Calendar';
import { brasiliaToday, isoDay, isoMonth, shortDate } from './dates';
import { SlotGrid } from './SlotGrid';
import { Summary } from './Summary';
import { useBooking, type SlotSubmit } from './useBooking';
import { useMonthDays } from './useMonthDays';
import { useSlots } from './useSlots';
import { close } from '../../../components/ui/icon-paths';
import { Icon } from '../../Icon';

interface Props {
  copy: DialogCopy;
  toasts: ToastCopy;
  submit: SlotSubmit;
  /** Once per opening (e.g. the booking funnel's analytics event). */
  onOpen?: () => void;
  /** Who the times are for: the lead (its rule and earlier consultant) or the consultant a reschedule keeps. */
  hint?: AvailabilityHint;
}

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-2.5 text-base font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab wrap inside the dialog. A modal <dialog> makes the page inert, but Tab past its last
 * control still leaves for the browser's own UI, and a screen-reader or keyboard user lost there has to
 * find the way back.
 */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !event.currentTarget.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

export default function SchedulingDialog({ copy, toasts, submit, onOpen, hint = {} }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // After a slot is chosen the confirm button is enabled by that render; focus it on the next frame.
  const focusConfirm = useCallback(() => requestAnimationFrame(() => confirmButton.current?.focus()), []);
  const today = useMemo(() => brasiliaToday(), []);
  const [month, setMonth] = useState(() => startOfMonth(today));
  const [date, setDate] = useState<Date>();
  const [slot, setSlot] = useState<AvailabilitySlot>();
  const day = date ? isoDay(date) : null;

  const { days, refresh: refreshDays } = useMonthDays(isoMonth(month), hint);
  const { state: slots, reload: reloadSlots } = useSlots(day, toasts, hint);
  const onTaken = useCallback(() => {
    setSlot(undefined);
    refreshDays();
    reloadSlots();
  }, [refreshDays, reloadSlots]);
  const { booking, confirm } = useBooking({ toasts, submit, onTaken });

  // Layout effect: its cleanup runs while the dialog is still in the document, so focus can go
  // back to whatever opened it (the native return of focus needs the element attached).
  useLayoutEffect(() => {
    const el = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    el?.showModal();
    onOpen?.();
    return () => {
      el?.close();
      if (opener?.isConnected) opener.focus();
    };
    // Once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Late in the month there may be nothing left: open on the next month that has a free day.
  const skipped = useRef(false);
  useEffect(() => {
    if (skipped.current || !days || !isSameMonth(month, today)) return;
    skipped.current = true;
    // Reacts once to fetched availability (external state), not to a render: no loop is possible.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (days.size === 0) setMonth(addMonths(month, 1));
  }, [days, month, today]);

  const pickDate = (next: Date | undefined) => {
    setDate(next);
    setSlot(undefined);
  };

  const dateLabel = date ? shortDate(date) : null;
  const canConfirm = Boolean(day && dateLabel && slot) && !booking;

  return (
    <dialog
      ref={dialog}
      aria-labelledby="agendamento-titulo"
      aria-describedby="agendamento-descricao"
      onKeyDown={trapTab}
      onCancel={(e) => {
        e.preventDefault();
        closeScheduling();
      }}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-3xl overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60"
    >
      <div className="p-4 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id="agendamento-titulo" className="text-xl font-bold text-slate-900 sm:text-2xl">
              {copy.title}
            </h2>
            <p id="agendamento-descricao" className="mt-1 text-sm text-slate-600">
              {copy.description}
            </p>
          </div>
          <button type="button" onClick={closeScheduling} aria-label={copy.close} className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500">
            <Icon path={close} />
          </button>
        </div>

        <div className="mt-5 grid gap-6 md:grid-cols-[auto_1fr]">
          <div>
            <Calendar label={copy.calendarLabel} today={today} month={month} onMonthChange={setMonth} selected={date} onSelect={pickDate} days={days} />
            {days === null && <p className="mt-1 text-center text-sm text-slate-600">{copy.loadingDays}</p>}
          </div>
          <div className="grid content-start gap-4">
            <SlotGrid copy={copy} day={day} state={slots} selected={slot} onSelect={setSlot} onChosen={focusConfirm} />
            <Summary copy={copy} day={day} dateLabel={dateLabel} slot={slot} />
          </div>
        </div>

        <div className="mt-6">
          <DialogMessage />
        </div>
        <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={closeScheduling} className={`${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}>
            {copy.cancel}
          </button>
          <button
            ref={confirmButton}
            type="button"
            disabled={!canConfirm}
            aria-busy={booking || undefined}
            onClick={() => day && dateLabel && slot && void confirm(day, dateLabel, slot)}
            className={`${button} bg-amber-500 text-slate-950 hover:bg-amber-400`}
          >
            {booking ? copy.confirming : copy.confirm}
          </button>
        </div>
      </div>
    </dialog>
  );
}
