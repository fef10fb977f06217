// "Enviar link para reagendar" (issue 32 item 3): one press mails the lead a link to choose a new time
// (before the meeting: its manage link; after a no-show: a booking link). A press while the first is on
// its way does nothing; the server's answer (sent, or why not) is read out where the button is.
import { painelPaths, type MeetingView } from '../../../domain/painel/api';
import { rebookLinkCopy } from '../../../domain/painel/meeting-copy';
import { request } from '../api';
import { BusyButton } from '../form/PainelForm';
import { useFormSubmit } from '../form/useFormSubmit';
import { ui } from '../styles';
import { Notice } from '../ui';

interface Props {
  idPrefix: string;
  meetingId: string;
  kind: 'open' | 'missed';
  onSent: (meeting: MeetingView) => void;
}

export function RebookLinkButton({ idPrefix, meetingId, kind, onSent }: Props) {
  const form = useFormSubmit();

  async function send() {
    const result = await form.send(() => request<MeetingView>(painelPaths.rebookLink(meetingId), { method: 'POST', body: {} }));
    if (!result) return;
    if (!result.ok) return form.setMessage({ kind: 'alert', text: result.error });
    form.setMessage({ kind: 'status', text: rebookLinkCopy.sent });
    onSent(result.data);
  }

  return (
    <div className="grid gap-2">
      {/* Not disabled while sending: the focus stays on it, where the answer is read out. */}
      <BusyButton type="button" busy={form.busy} disabled={false} label={rebookLinkCopy.button} busyLabel={rebookLinkCopy.sending} onClick={() => void send()}
        aria-describedby={`${idPrefix}-link-dica`} className={ui.secondary} />
      <p id={`${idPrefix}-link-dica`} className="text-sm text-slate-600">
        {rebookLinkCopy.hint[kind]}
      </p>
      <Notice message={form.message} />
    </div>
  );
}
