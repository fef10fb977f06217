// "Você já tem uma reunião agendada": instead of the calendar for an email that already holds an upcoming
// meeting. It never shows that meeting (whoever typed the address may not be its owner); it offers the
// manage link by mail, and says truthfully whether a mail went out now.
import { useEffect, useRef, useState } from 'react';
import { apiPaths, type ManageLinkResponse } from '../../../domain/api';
import type { UpcomingCopy } from '../../../schemas/orcamento';
import { postJson } from '../dialog/schedulingApi';

type State = 'idle' | 'sending' | 'sent' | 'recentlySent' | 'failed';

export function UpcomingPanel({ leadId, copy }: { leadId: string; copy: UpcomingCopy }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [state, setState] = useState<State>('idle');
  useEffect(() => heading.current?.focus(), [leadId]);

  const resend = async () => {
    setState('sending');
    const result = await postJson(apiPaths.manageLink, { leadId }, (body) => (body as ManageLinkResponse).success === true ? (body as Extract<ManageLinkResponse, { success: true }>).sent : undefined);
    setState(result.kind === 'done' ? (result.value ? 'sent' : 'recentlySent') : 'failed');
  };
  const outcome = state === 'sent' ? copy.sent : state === 'recentlySent' ? copy.recentlySent : state === 'failed' ? copy.failed : '';

  return (
    <section aria-labelledby="reuniao-existente-titulo" data-testid="reuniao-existente" className="mb-8 rounded-xl border border-amber-300 bg-amber-50 p-5 text-slate-900">
      <h2 id="reuniao-existente-titulo" ref={heading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {copy.heading}
      </h2>
      <p className="mt-2 text-sm text-slate-800">{copy.description}</p>
      <button
        type="button"
        onClick={() => void resend()}
        disabled={state === 'sending'}
        className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-amber-500 px-5 py-2.5 text-base font-semibold text-slate-950 hover:bg-amber-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-600 focus-visible:ring-offset-2 disabled:opacity-60"
      >
        {state === 'sending' ? copy.sending : copy.resend}
      </button>
      <p role="status" className="mt-3 text-sm font-medium text-slate-900">
        {outcome}
      </p>
    </section>
  );
}
