// Island of /reuniao: the meeting behind the manage link, with 'Reagendar' (the /orcamento scheduling
// dialog chunk, sending a reschedule instead of a booking) and 'Cancelar reunião' (asks first).
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { bookAgainPath, manageMessages, type MeetingView } from '../../domain/manage';
import { trackMeetingCancelled, trackMeetingRescheduled } from '../../lib/analytics';
import { wallClock } from '../../lib/meeting-time';
import type { DialogCopy, ToastCopy } from '../../schemas/orcamento';
import type { ReuniaoContent } from '../../schemas/reuniao';
import { $schedulingOpen, $toasts, closeScheduling, notify, openScheduling } from '../store';
import type { SlotSubmit } from '../quote/dialog/useBooking';
import { fill } from '../quote/format';
import { CancelPanel } from './CancelPanel';
import { cancelMeeting, rescheduleMeeting, stopWhatsApp } from './manageApi';
import { WHATSAPP_STOP_ACTION, WHATSAPP_STOPPED } from '../../domain/whatsapp';
import { introState, MeetingDetails, phaseOf, type ServiceLabels } from './MeetingDetails';
import { buttonStyles } from './styles';
import { useManagedMeeting } from './useManagedMeeting';

const loadDialog = () => import('../quote/dialog/SchedulingDialog');
const SchedulingDialog = lazy(loadDialog);
const ToastHost = lazy(() => import('../quote/toasts/ToastHost'));

interface Props {
  copy: ReuniaoContent;
  services: ServiceLabels;
  dialog: DialogCopy;
  toasts: ToastCopy;
}

type Notice = { kind: 'rescheduled' | 'whatsapp'; text: string } | { kind: 'cancelled' } | null;

export default function ManageIsland({ copy, services, dialog, toasts }: Props) {
  const { token, state, show, reload, refresh } = useManagedMeeting();
  const dialogOpen = useStore($schedulingOpen);
  const toastsQueued = useStore($toasts).length > 0;
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const meeting = state.phase === 'ready' ? state.meeting : null;
  const phase = meeting ? phaseOf(meeting) : null;
  const changeable = Boolean(meeting && phase === 'scheduled' && meeting.canChange);

  // A new link opened in this tab starts over (state adjusted while rendering, as React recommends).
  const [shownToken, setShownToken] = useState(token);
  if (token !== shownToken) {
    setShownToken(token);
    setNotice(null);
    setConfirming(false);
  }

  // The outcome of an action is announced and takes the focus (the dialog first returns it to its opener).
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  // The dialog stays open only while the meeting can still move (a failed attempt re-reads it).
  useEffect(() => {
    if (dialogOpen && !changeable) closeScheduling();
  }, [dialogOpen, changeable]);

  // The dialog chunk is fetched while the visitor reads, so 'Reagendar' opens at once.
  useEffect(() => {
    if (!changeable || meeting?.actor !== 'lead') return;
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback : (fn: () => void) => setTimeout(fn, 1500);
    idle(() => void loadDialog());
  }, [changeable, meeting?.actor]);

  const rescheduled = useCallback(
    (next: MeetingView) => {
      show(next);
      const { date, time } = wallClock(new Date(next.startsAt));
      setNotice({ kind: 'rescheduled', text: fill(copy.rescheduled, { date, time }) });
      trackMeetingRescheduled(next.service, next.actor);
      closeScheduling();
    },
    [copy.rescheduled, show],
  );

  const submit = useMemo<SlotSubmit>(
    () => ({
      async send(day, _dateLabel, slot, idempotencyKey) {
        if (!token) return { kind: 'unknown', status: 0 };
        const result = await rescheduleMeeting(token, day, slot.time, idempotencyKey);
        if (result.kind === 'done') rescheduled(result.value);
        return result;
      },
      failed: () => void refresh(),
    }),
    [token, rescheduled, refresh],
  );
  // The times are routed by the lead's rule and show the meeting's own consultant wherever free: the
  // reschedule keeps them there.
  const hint = useMemo(() => ({ lead: meeting?.leadId, keep: meeting?.consultantId }), [meeting]);

  async function cancel(reason: string) {
    if (!token || !meeting) return;
    setCancelling(true);
    const result = await cancelMeeting(token, reason || undefined);
    setCancelling(false);
    if (result.kind === 'done') {
      show(result.value);
      setConfirming(false);
      setNotice({ kind: 'cancelled' });
      // Cancelling is idempotent: count only the click that changed the meeting.
      if (meeting.status === 'scheduled') trackMeetingCancelled(result.value.service, result.value.actor);
      return;
    }
    notify('error', copy.toasts.cancelError.title, ('message' in result && result.message) || copy.toasts.cancelError.description);
    void refresh();
  }

  async function stopMessages() {
    if (!token) return;
    const result = await stopWhatsApp(token);
    if (result.kind === 'done') {
      show(result.value);
      setNotice({ kind: 'whatsapp', text: WHATSAPP_STOPPED });
    } else notify('error', copy.loadError, ('message' in result && result.message) || '');
  }

  let body;
  if (state.phase === 'loading') {
    body = (
      <p role="status" className="mt-6 rounded-2xl border border-slate-200 bg-white px-5 py-8 text-center text-slate-600">
        {copy.loading}
      </p>
    );
  } else if (state.phase === 'invalid' || state.phase === 'error') {
    const invalid = state.phase === 'invalid';
    body = (
      <div role="alert" className="mt-6 rounded-2xl border border-red-200 bg-red-50 px-5 py-6">
        <p className="font-semibold text-red-900">{state.message ?? (invalid ? manageMessages.invalidLink : copy.loadError)}</p>
        {invalid ? (
          <>
            <p className="mt-1 text-sm text-red-900">{copy.invalidLinkHint}</p>
            <a href={bookAgainPath} className={`${buttonStyles.primary} mt-4`}>
              {copy.bookAgain}
            </a>
          </>
        ) : (
          <button type="button" onClick={() => void reload()} className={`${buttonStyles.secondary} mt-4`}>
            {copy.retry}
          </button>
        )}
      </div>
    );
  } else if (meeting && phase) {
    const lead = meeting.actor === 'lead';
    body = (
      <>
        <p className="text-base text-slate-600" data-testid="reuniao-intro-estado">
          {copy.introState[introState(meeting, phase)]}
        </p>
        <div className="mt-6 grid gap-4">
          {notice && 'text' in notice && (
            <div ref={noticeRef} tabIndex={-1} role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900 focus:outline-none">
              {notice.text}
            </div>
          )}
          <article aria-labelledby="reuniao-detalhes" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
            <h2 id="reuniao-detalhes" className="sr-only">
              {copy.heading}
            </h2>
            <MeetingDetails copy={copy} services={services} dialog={dialog} meeting={meeting} phase={phase} />
          </article>

          {phase === 'cancelled' && (
            <div ref={noticeRef} tabIndex={-1} role="status" className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-4 focus:outline-none">
              <p className="font-semibold text-slate-900">{copy.cancelled}</p>
              {lead && (
                <a href={bookAgainPath} className={`${buttonStyles.primary} mt-3`}>
                  {copy.bookAgain}
                </a>
              )}
            </div>
          )}

          {phase === 'scheduled' && !meeting.canChange && (
            <p className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-slate-900" data-testid="reuniao-bloqueada">
              {copy.locked.split('{email}')[0]}
              <a href={`mailto:${meeting.contactEmail}`} className="font-semibold text-amber-900 underline">
                {meeting.contactEmail}
              </a>
              {copy.locked.split('{email}')[1]}
            </p>
          )}

          {changeable && !lead && <p className="text-sm text-slate-600">{copy.consultantNote}</p>}

          {changeable &&
            (confirming ? (
              <div className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm">
                <CancelPanel
                  copy={copy.cancelConfirm}
                  busy={cancelling}
                  onConfirm={(reason) => void cancel(reason)}
                  onBack={() => {
                    setConfirming(false);
                    requestAnimationFrame(() => cancelButton.current?.focus());
                  }}
                />
              </div>
            ) : (
              <div className="flex flex-col gap-3 sm:flex-row">
                {lead && (
                  <button type="button" onClick={() => (setNotice(null), openScheduling())} className={buttonStyles.primary}>
                    {copy.actions.reschedule}
                  </button>
                )}
                <button type="button" ref={cancelButton} onClick={() => (setNotice(null), setConfirming(true))} className={buttonStyles.dangerOutline}>
                  {copy.actions.cancel}
                </button>
              </div>
            ))}

          {lead && meeting.whatsapp && (
            <button type="button" onClick={() => void stopMessages()} className={`${buttonStyles.secondary} self-start`}>
              {WHATSAPP_STOP_ACTION}
            </button>
          )}
        </div>
      </>
    );
  }

  return (
    <>
      {body}
      {dialogOpen && changeable && (
        <Suspense fallback={null}>
          <SchedulingDialog
            copy={{ ...dialog, title: copy.actions.rescheduleTitle, description: copy.actions.rescheduleDescription }}
            toasts={toasts}
            submit={submit}
            hint={hint}
          />
        </Suspense>
      )}
      {(toastsQueued || state.phase === 'ready') && (
        <Suspense fallback={null}>
          <ToastHost copy={toasts} />
        </Suspense>
      )}
    </>
  );
}
