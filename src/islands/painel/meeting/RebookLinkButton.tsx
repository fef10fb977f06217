// "Enviar link para reagendar" (issue 32 item 3): one press mails the lead a link to choose a new time
// (before the meeting: its manage link; after a no-show: a booking link). A press while the first is on
// its way does nothing; the server's answer (sent, or why not) is read out where the button is.
import { useState } from 'react';
import { painelPaths, type MeetingView } from '../../../domain/painel/api';
import { rebookLinkCopy } from '../../../domain/painel/meeting-copy';
import { request } from '../api';
import { ui } from '../styles';
import { Notice, type Message } from '../ui';

interface Props {
  idPrefix: string;
  meetingId: string;
  kind: 'open' | 'missed';
  onSent: (meeting: MeetingView) => void;
}

export function RebookLinkButton({ idPrefix, meetingId, kind, onSent }: Props) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  async function send() {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    const result = await request<MeetingView>(painelPaths.rebookLink(meetingId), { method: 'POST', body: {} });
    setBusy(false);
    if (!result.ok) return setMessage({ kind: 'alert', text: result.error });
    setMessage({ kind: 'status', text: rebookLinkCopy.sent });
    onSent(result.data);
  }

  return (
    <div className="grid gap-2">
      <button type="button" onClick={() => void send()} aria-busy={busy || undefined} aria-describedby={`${idPrefix}-link-dica`} className={ui.secondary}>
        {busy ? rebookLinkCopy.sending : rebookLinkCopy.button}
      </button>
      <p id={`${idPrefix}-link-dica`} className="text-sm text-slate-600">
        {rebookLinkCopy.hint[kind]}
      </p>
      <Notice message={message} />
    </div>
  );
}
