// The WhatsApp messages a meeting's writes queue beside their mail: only when the settings are present
// and the lead may get them now (opted in, in the experiment's 'whatsapp' group, not stopped, a mobile).
import { managePagePath } from '../../../src/domain/manage';
import { locationOf } from '../../../src/domain/meeting-location';
import { whatsappNumber } from '../../../src/domain/phone';
import { brDate, brWeekday, zonedParts } from '../../../src/domain/scheduling/time';
import type { WhatsAppKind } from '../../../src/domain/whatsapp';
import type { App } from '../app';
import { placeholder } from '../mail/secrets';
import type { MailMeeting } from '../mail/meeting-types';
import { mintToken } from '../manage/tokens';
import type { TokenRow, WhatsAppOutboxMessage } from '../store/port';
import { validityMs, whatsappTemplates } from './templates';

/** The E.164 digits to send to, or null: no settings, or this lead is not to get WhatsApp now. */
export async function whatsappRecipient(app: App, leadId: string): Promise<string | null> {
  if (!app.env.whatsapp) return null;
  const found = await app.store.call<{ phone: string | null; eligible: boolean }>('whatsapp_recipient', { lead_id: leadId });
  return found.eligible && found.phone ? whatsappNumber(found.phone) : null;
}

/** The button's link as Meta builds it: the approved base `<site>/reuniao?t=` and this suffix (the token). */
export function whatsappButtonBase(siteUrl: string): string {
  return `${siteUrl}${managePagePath}?t=`;
}

/**
 * One message for `to`, with a fresh lead token for its button (only hashes are stored: the caller
 * stores `token` with the write that queues the message). Its token is a placeholder in the stored row.
 */
export async function whatsappMessage(app: App, input: { kind: WhatsAppKind; meeting: MailMeeting; to: string }): Promise<{ message: WhatsAppOutboxMessage; token: TokenRow }> {
  const templates = await whatsappTemplates();
  const { meeting } = input;
  const local = zonedParts(meeting.startsAt, app.env.scheduling.timeZone);
  const place = locationOf(meeting.preseller.roomUrl);
  const { token, row } = mintToken('lead');
  const now = app.now().getTime();
  const validUntil = now + validityMs(templates, input.kind);
  // A reminder is worth nothing once the meeting has begun.
  const expiresAt = input.kind.startsWith('lembrete') ? Math.min(validUntil, meeting.startsAt.getTime()) : validUntil;
  return {
    token: row,
    message: {
      kind: 'whatsapp',
      message: {
        waKind: input.kind,
        to: input.to,
        params: {
          nome: firstName(meeting.lead.nomeCompleto),
          data: `${brWeekday(local.date)}, ${brDate(local.date)}`,
          hora: local.time,
          consultor: meeting.preseller.name,
          local: place.kind === 'video' ? place.url : 'por telefone (o consultor liga para você)',
        },
        suffix: placeholder(0),
        secrets: [token],
        expiresAt: new Date(expiresAt).toISOString(),
        startsAt: meeting.startsAt.toISOString(),
      },
    },
  };
}

/** The first name, as a greeting uses it ("Olá, Maria!"). */
function firstName(full: string): string {
  return full.trim().split(/\s+/)[0] ?? full;
}
