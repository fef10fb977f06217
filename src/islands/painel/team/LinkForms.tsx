// Where a consultant's meetings and calendar live: the calendar's iCal link ("feed", or "none" to remove;
// read once when saved, a refusal shown next to the field with what to copy instead), the video room
// ("sala", or "telefone") and the agenda subscription link ("agenda-link", "--rotate" to replace).
import { useState } from 'react';
import type { TeamMember } from '../../../domain/painel/api';
import { TextField } from '../form/Field';
import { ui } from '../styles';
import { CommandForm } from './CommandForm';
import { useCommand } from './useCommand';

interface Props {
  idPrefix: string;
  member: TeamMember;
  onDone: () => void;
}

/** Each URL form's words, and the argument of its second action (remove the feed, meet by phone). */
const urlForms = {
  feed: {
    title: 'Agenda (iCal)',
    label: 'Endereço iCal da agenda',
    hint: 'O Endereço secreto no formato iCal (Google Agenda, Outlook ou iCloud). Ele é lido ao salvar; o endereço atual não é exibido, pois dá acesso à agenda.',
    missing: 'Cole o endereço da agenda no formato iCal.',
    submit: (m: TeamMember) => (m.feed ? 'Trocar agenda' : 'Conectar agenda'),
    busy: 'Lendo a agenda…',
    alternative: (m: TeamMember) => (m.feed ? 'Desconectar agenda' : null),
    off: 'none',
  },
  sala: {
    title: 'Sala de vídeo',
    label: 'Link da sala',
    hint: 'Meet, Zoom, Teams… Sem sala, o consultor liga para o lead.',
    missing: 'Informe o link https:// da sala de vídeo.',
    submit: () => 'Salvar sala',
    busy: undefined,
    alternative: (m: TeamMember) => (m.roomUrl ? 'Usar ligação telefônica' : null),
    off: 'telefone',
  },
} as const;

/** A URL form with a second action (remove the feed, meet by phone) next to its submit. */
function UrlForm({ idPrefix, member, onDone, kind }: Props & { kind: keyof typeof urlForms }) {
  const words = urlForms[kind];
  const [url, setUrl] = useState(kind === 'feed' ? '' : (member.roomUrl ?? ''));
  const command = useCommand<'url'>(onDone);
  const { busy, run } = command;
  const id = `${idPrefix}-${kind}`;
  const alternative = words.alternative(member);

  async function submit() {
    if (command.refuse({ url: url.trim() ? null : words.missing })) return;
    const done = await run(kind, [member.email, url.trim()], { quiet: true });
    if (!done.ok) return void command.refuse({ url: done.error });
    // The feed's address is never shown again (it opens the calendar); the room's stays as saved.
    if (kind === 'feed') setUrl('');
  }

  return (
    <CommandForm
      id={id}
      title={words.title}
      submit={words.submit(member)}
      busyLabel={words.busy}
      form={command}
      onSubmit={() => void submit()}
      extra={
        alternative && (
          <button type="button" disabled={busy} className={ui.secondary} onClick={() => void run(kind, [member.email, words.off]).then(() => setUrl(''))}>
            {alternative}
          </button>
        )
      }
    >
      <TextField id={`${id}-campo`} label={words.label} hint={words.hint} type="url" inputMode="url" value={url} onValue={setUrl} error={command.errors.url} />
    </CommandForm>
  );
}

export const FeedForm = (props: Props) => <UrlForm {...props} kind="feed" />;
export const RoomForm = (props: Props) => <UrlForm {...props} kind="sala" />;

const linkPattern = /(https?|webcal):\/\/\S+/;

export function AgendaLinkForm({ idPrefix, member, onDone }: Props) {
  const command = useCommand(onDone);
  const { message, run } = command;
  const [link, setLink] = useState<string | null>(null);
  const id = `${idPrefix}-link`;
  // The answer carries the link once: it goes into a read-only field, the rest stays in the status.
  const found = message?.kind === 'status' ? linkPattern.exec(message.text) : null;
  const shown = message && found ? { kind: message.kind, text: message.text.replace(found[0], '').trim() } : message;

  async function submit() {
    const answer = await run('agenda-link', member.agendaLink ? [member.email, '--rotate'] : [member.email]);
    setLink(answer.ok ? (linkPattern.exec(answer.text)?.[0] ?? null) : null);
  }

  return (
    <CommandForm
      id={id}
      title="Link de agenda"
      submit={member.agendaLink ? 'Gerar novo link (o atual deixa de funcionar)' : 'Gerar link de agenda'}
      form={{ ...command, message: shown }}
      onSubmit={() => void submit()}
    >
      <p className={ui.hint}>{member.agendaLink ? 'Já existe um link; por segurança ele não é exibido de novo.' : 'Nenhum link gerado.'}</p>
      {link && <TextField id={`${id}-campo`} label="Link de assinatura (trate como senha)" value={link} onValue={() => undefined} readOnly onFocus={(e) => e.currentTarget.select()} />}
    </CommandForm>
  );
}
