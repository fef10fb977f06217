// The mentor's lead notices are never dropped. An address gets at most 10 messages an hour (claim_outbox);
// a lead notice beyond that is held, and the held ones go out together in one digest, at most one per
// address every LEAD_DIGEST_EVERY_SECONDS (digest_held_notices). A busy hour, or ten junk leads, then
// costs the mentor one extra mail per quarter hour instead of hiding the real leads.
import type { MailContent, StoredMessage } from '../store/port';
import { composeMail, type Block } from './layout';

export const LEAD_DIGEST_KIND = 'lead-digest';
export const LEAD_DIGEST_EVERY_SECONDS = 15 * 60;
/** Stored with the digest until it is sent; the sent subject counts its leads. */
export const LEAD_DIGEST_SUBJECT = 'Novos leads pelo site (resumo)';

export function leadDigestSubject(count: number): string {
  return count === 1 ? 'Resumo: 1 novo lead pelo site' : `Resumo: ${count} novos leads pelo site`;
}

function noticeBlock(notice: MailContent): Block {
  return notice.facts
    ? { type: 'rows', title: notice.facts.title, rows: notice.facts.rows }
    : { type: 'text', text: `${notice.subject}\n${notice.text}` };
}

/** The digest as sent, from the notices it carries now; null when all of them were erased meanwhile (LGPD). */
export function leadDigestMail(digest: StoredMessage): MailContent | null {
  const notices = digest.notices ?? [];
  if (notices.length === 0) return null;
  return composeMail({ to: digest.to, subject: leadDigestSubject(notices.length) }, {
    greeting: 'Olá!',
    blocks: [
      { type: 'text', text: 'Chegaram mais leads nesta hora do que o limite de avisos por e-mail. Para nenhum ficar de fora, estes vêm juntos neste resumo:' },
      ...notices.map(noticeBlock),
    ],
    footer: { note: 'Para responder a um lead, escreva para o e-mail dele na lista acima.' },
  });
}
