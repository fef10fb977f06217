// POST /api/manage: the meeting behind a manage link (view), and the lead's or consultant's changes
// (reschedule, cancel). The token comes in the JSON body; only its SHA-256 is looked up.
import * as z from 'zod/mini';
import { CANCEL_REASON_MAX, manageMessages } from '../../../src/domain/manage';
import type { App } from '../app';
import { allowMethods, guard, HttpError, json, readJson } from '../http';
import { cancelMeeting, rescheduleMeeting } from '../manage/change';
import { hashToken, TOKEN_PATTERN } from '../manage/tokens';
import { meetingView } from '../manage/view';
import { whatsappRecipient } from '../whatsapp/messages';
import { isHhMm, isIsoDate } from '../../../src/domain/scheduling/time';
import { cleanParagraph } from '../../../src/domain/text';
import { isIdempotencyKey } from './leads';
import { meetingCopy } from './meetings';

// The token's shape is checked after parsing: a malformed token is just an unknown link (404).
const token = z.string().check(z.maxLength(200));
const manageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('view'), token }),
  z.object({
    action: z.literal('reschedule'),
    token,
    scheduledDate: z.string().check(z.refine(isIsoDate)),
    scheduledTime: z.string().check(z.refine(isHhMm)),
    idempotencyKey: z.string().check(z.refine(isIdempotencyKey)),
  }),
  z.object({ action: z.literal('cancel'), token, reason: z.optional(z.string().check(z.maxLength(CANCEL_REASON_MAX))) }),
  z.object({ action: z.literal('whatsapp-stop'), token }),
]);

type Context = { waitUntil?: (p: Promise<unknown>) => void };
const fail = (error: string) => ({ success: false, error });

export function createManageHandler(getApp: () => Promise<App>) {
  return (req: Request, context?: Context) =>
    guard(
      'manage',
      async () => {
        allowMethods(req, ['POST']);
        const parsed = manageSchema.safeParse(await readJson(req));
        if (!parsed.success) throw new HttpError(400, meetingCopy.invalid);
        const input = parsed.data;
        if (!TOKEN_PATTERN.test(input.token)) throw new HttpError(404, manageMessages.invalidLink);
        const app = await getApp();
        const hash = hashToken(input.token);
        const meeting = await app.store.meetingByToken(hash);
        if (!meeting) throw new HttpError(404, manageMessages.invalidLink);

        if (input.action === 'reschedule') await rescheduleMeeting(app, meeting, input, context);
        if (input.action === 'cancel') await cancelMeeting(app, meeting, cleanParagraph(input.reason ?? '') || null, context);
        if (input.action === 'whatsapp-stop') {
          // Only the lead's own link stops the lead's messages.
          if (meeting.actor !== 'lead') throw new HttpError(409, manageMessages.closed);
          await app.store.call('whatsapp_stop', { meeting_id: meeting.id, now: app.now().toISOString() });
        }
        const now = input.action === 'view' ? meeting : await app.store.meetingByToken(hash);
        if (!now) throw new HttpError(404, manageMessages.invalidLink);
        const whatsapp = now.actor === 'lead' && (await whatsappRecipient(app, now.lead.id)) !== null;
        return json({ success: true, meeting: { ...meetingView(now, app), ...(whatsapp ? { whatsapp } : {}) } });
      },
      fail,
    );
}
