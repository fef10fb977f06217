// Stored mail keeps no working manage link. Before a message enters the outbox, each manage token in it
// is replaced by a placeholder of the same length and the tokens travel beside the body (message.secrets);
// the database keeps them in a column of their own and empties it once the message is sent, dropped or
// out of attempts (supabase/migrations/20261125000100_outbox_hardening.sql). The sender puts them back.
//
// Same length, ASCII on both sides: the .ics part is already folded at 75 octets when it is sealed, and
// an equal-length swap keeps every fold where it was. A token split by a fold (CRLF + space) is matched
// across it.
import type { MailContent, QueuedMessage, StoredMessage, WhatsAppOutboxMessage } from '../store/port';
import { TOKEN_IN_LINK } from '../manage/tokens';

/** The n-th secret's placeholder: 43 characters, none of them in the tokens' base64url alphabet but the index. */
export function placeholder(n: number): string {
  return `${'~'.repeat(40)}${String(n).padStart(3, '0')}`;
}

const FOLD = '(?:\\r\\n[ \\t])?';
const escape = (ch: string) => ch.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

/** Replaces `from` by `to` (same length) in `content`, also where a folded line splits it; folds stay. */
function swapFolded(content: string, from: string, to: string): string {
  const pattern = new RegExp([...from].map(escape).join(FOLD), 'g');
  return content.replace(pattern, (match) => {
    let i = 0;
    return match.replace(/\r\n[ \t]|[^]/g, (piece) => (piece.length > 1 ? piece : to[i++]));
  });
}

function swapAll(message: MailContent, pairs: [string, string][]): MailContent {
  const swap = (text: string) => pairs.reduce((acc, [from, to]) => acc.split(from).join(to), text);
  return {
    ...message,
    text: swap(message.text),
    ...(message.html ? { html: swap(message.html) } : {}),
    ...(message.icalEvent ? { icalEvent: { ...message.icalEvent, content: pairs.reduce((acc, [from, to]) => swapFolded(acc, from, to), message.icalEvent.content) } } : {}),
  };
}

/** A message as the outbox stores it: placeholders in the body, the tokens in `secrets`. */
export type SealedContent = Omit<StoredMessage, 'notices'>;

/**
 * The message as it may be stored: its manage tokens (found in its text part), and any other secret it
 * quotes (`extra`: a sign-in code), swapped for placeholders.
 */
export function sealMessage(message: MailContent, extra: string[] = []): SealedContent {
  const tokens = [...new Set([...[...message.text.matchAll(TOKEN_IN_LINK)].map((m) => m[1]), ...extra])];
  if (tokens.length === 0) return message;
  return { ...swapAll(message, tokens.map((t, n) => [t, placeholder(n)])), secrets: tokens };
}

/** The message as it is sent: the placeholders swapped back for its tokens. */
export function unsealMessage(message: SealedContent): MailContent {
  const { secrets, ...content } = message;
  if (!secrets?.length) return content;
  return swapAll(content, secrets.map((t, n) => [placeholder(n), t]));
}

/** Which meeting and lead a message is about; the database keeps them in columns of their own (outbox_about). */
export type About = { meetingId?: string; leadId?: string };

/** The outbox argument of every write (both store adapters): each message sealed, with what it is about. */
export function sealOutbox(outbox: QueuedMessage[], about: About = {}): { kind: string; message: (SealedContent | WhatsAppOutboxMessage['message']) & { about: About } }[] {
  // A WhatsApp message is built sealed (whatsapp/messages.ts): its token is in `secrets` already.
  return outbox.map((entry) => (isWhatsAppMessage(entry)
    ? { kind: entry.kind, message: { ...entry.message, about } }
    : { kind: entry.kind, message: { ...sealMessage(entry.message), about } }));
}

export function isWhatsAppMessage(entry: QueuedMessage): entry is WhatsAppOutboxMessage {
  return entry.kind === 'whatsapp';
}
