// Lazy chunk of the follow-up link (/orcamento#agendar=<token>, see useFollowupLink.ts): POST
// /api/agendar-link { token } → the lead, then the scheduling dialog opens for it (the dialog books with
// $quote's leadId and service, quoteBooking.ts); and the notice shown when the link no longer opens anything.
import { useEffect, useRef } from 'react';
import { followupLinkPath, followupMessages, type FollowupLinkResponse } from '../../../domain/followup';
import { $confirmation, $quote, $upcoming, initialQuote, isService, newKey, openScheduling } from '../../store';

/** Opens the dialog for the link's lead; answers the pt-BR message to show instead, or null. */
export async function openFollowupLink(token: string): Promise<string | null> {
  const res = await fetch(followupLinkPath, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ token }),
  }).catch(() => null);
  const body = (await res?.json().catch(() => null)) as Partial<Extract<FollowupLinkResponse, { success: true }>> & { error?: unknown } | null;
  if (!res?.ok || typeof body?.leadId !== 'string' || !isService(body.service)) {
    if (res?.status === 400 || res?.status === 404) return followupMessages.invalidLink;
    return typeof body?.error === 'string' ? body.error : followupMessages.failed;
  }
  $confirmation.set(null);
  $upcoming.set(null);
  // The saved lead, as after "Finalizar e Agendar": the dialog books against it; the form stays closed.
  $quote.set({ ...initialQuote(), service: body.service, leadId: body.leadId, idempotencyKey: newKey() });
  openScheduling();
  return null;
}

/** The link no longer opens anything (expired, already used, unknown): says so and offers the form again. */
export function FollowupNotice({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} role="alert" data-testid="agendar-link-aviso" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-base text-slate-900 focus:outline-none">
      <p>{message}</p>
      <button
        type="button"
        className="mt-3 inline-flex min-h-11 items-center rounded-lg bg-slate-900 px-5 py-2.5 text-base font-semibold text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:ring-offset-2"
        onClick={() => {
          onDismiss();
          // The service choice below: the way to fill the form again; with a saved draft the form shows
          // instead, and focus goes to the page's main content rather than being lost with this notice.
          const target = document.getElementById('servicos-titulo') ?? document.querySelector<HTMLElement>('main');
          if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
          target?.focus();
        }}
      >
        {followupMessages.fillAgain}
      </button>
    </div>
  );
}
