// POST /api/manage-link: "you already have a meeting" → mail the lead's manage link again. The answer
// says only whether a mail went out now (sent) or one went out less than 10 minutes ago (not sent); the
// meeting's date, time and consultant never leave the server here, whoever typed the email.
import * as z from 'zod/mini';
import { apiMessages, type ManageLinkResponse } from '../../../src/domain/api';
import type { App } from '../app';
import { allowMethods, guard, HttpError, json, readJson } from '../http';
import { resendManageLink } from '../manage/resend';
import { uuid } from './meetings';

export const manageLinkCopy = {
  invalid: 'Cadastro inválido. Preencha o formulário novamente.',
} as const;

const manageLinkSchema = z.object({ leadId: uuid });

type Context = { waitUntil?: (p: Promise<unknown>) => void };
const fail = (error: string): ManageLinkResponse => ({ success: false, error });

export function createManageLinkHandler(getApp: () => Promise<App>) {
  return (req: Request, context?: Context) =>
    guard(
      'manage-link',
      async () => {
        allowMethods(req, ['POST']);
        const parsed = manageLinkSchema.safeParse(await readJson(req));
        if (!parsed.success) throw new HttpError(400, manageLinkCopy.invalid);
        const app = await getApp();
        const meetingId = await app.store.upcomingMeetingOfLead(parsed.data.leadId, app.now());
        if (!meetingId) throw new HttpError(404, apiMessages.noUpcomingMeeting);
        // Throttled per meeting (the booking's confirmation counts as a send): false = nothing sent now.
        const sent = await resendManageLink(app, meetingId, context);
        const answer: ManageLinkResponse = { success: true, sent };
        return json(answer);
      },
      fail,
    );
}
