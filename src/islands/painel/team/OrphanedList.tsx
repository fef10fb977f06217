// The meetings a day off or a deactivation just left (saved first, then listed, as Calendly and Cal.com
// warn of bookings in a time off): "Mariana tem 1 reunião nesse período", each with "Reagendar com outro
// consultor" (the same time, whoever the routing rules choose; the lead gets the updated invite) or
// "Manter". Each answer replaces that meeting's buttons; a refusal (no one free, the meeting changed
// meanwhile) is said next to it and the buttons stay.
import { useEffect, useId, useRef, useState } from 'react';
import { painelPaths } from '../../../domain/painel/api';
import { orphanedCopy, type OrphanActionAnswer, type OrphanedAnswer, type OrphanedMeeting } from '../../../domain/painel/orphaned';
import { request } from '../api';
import { BusyButton } from '../form/PainelForm';
import { dateTimeOf } from '../format';
import { ui } from '../styles';
import { Notice, type Message } from '../ui';

function OrphanedItem({ meeting }: { meeting: OrphanedMeeting }) {
  const id = useId();
  const [busy, setBusy] = useState<'reassign' | 'keep' | null>(null);
  const [answer, setAnswer] = useState<Message>(null);
  // One key per meeting on this screen: a retry after a lost answer is the same move, not a second one.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const done = answer?.kind === 'status';

  async function act(kind: 'reassign' | 'keep') {
    if (busy) return;
    setBusy(kind);
    const seen = { consultantId: meeting.consultantId, startsAt: meeting.startsAt };
    const result = kind === 'reassign'
      ? await request<OrphanActionAnswer>(painelPaths.reassign(meeting.id), { method: 'POST', body: { ...seen, idempotencyKey } })
      : await request<OrphanActionAnswer>(painelPaths.keep(meeting.id), { method: 'POST', body: seen });
    setBusy(null);
    setAnswer(result.ok ? { kind: 'status', text: result.data.message } : { kind: 'alert', text: result.error });
  }

  return (
    <li className="grid gap-2 rounded-xl border border-slate-200 bg-white px-3 py-3">
      <p id={`${id}-reuniao`} className={`text-slate-900 ${ui.wrap}`}>
        <span className="font-semibold">{dateTimeOf(meeting.startsAt)}</span> · {meeting.leadName} ({meeting.leadCompany})
        <span className="text-slate-600"> · {orphanedCopy.reason[meeting.reason]}</span>
      </p>
      {!done && (
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <BusyButton type="button" busy={busy === 'reassign'} disabled={busy !== null} label={orphanedCopy.reassign} busyLabel="Reagendando…"
            className={ui.secondary} aria-describedby={`${id}-reuniao`} onClick={() => void act('reassign')} />
          <BusyButton type="button" busy={busy === 'keep'} disabled={busy !== null} label={orphanedCopy.keep} busyLabel="Mantendo…"
            className={ui.secondary} aria-describedby={`${id}-reuniao`} onClick={() => void act('keep')} />
        </div>
      )}
      <Notice message={answer} focus />
    </li>
  );
}

export function OrphanedList({ answer }: { answer: OrphanedAnswer | undefined }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // A new answer (the save that left them): the focus goes to the list; the save's status is still read.
  useEffect(() => {
    if (answer) heading.current?.focus();
  }, [answer]);
  if (!answer) return null;
  return (
    <section aria-labelledby={`${id}-titulo`} className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3">
      <h4 id={`${id}-titulo`} ref={heading} tabIndex={-1} className="font-semibold text-amber-950 focus:outline-none">
        {orphanedCopy.heading(answer.consultant, answer.meetings.length, answer.kind)}
      </h4>
      <p className="text-sm text-amber-950">{orphanedCopy.hint}</p>
      <ul className="grid gap-2">
        {answer.meetings.map((m) => (
          <OrphanedItem key={m.id} meeting={m} />
        ))}
      </ul>
    </section>
  );
}
