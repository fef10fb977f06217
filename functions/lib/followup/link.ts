// POST /api/agendar-link { token }: the lead a follow-up link opens (functions/agendar-link.ts). 200 with
// the lead's id, service and first name while the link is unexpired and the lead still has no meeting
// (nor its person an upcoming one); 404 otherwise, the same words for every case. The token comes in the
// body and only its SHA-256 is looked up; it is never logged (guard logs a code only).
import * as z from 'zod/mini';
import { followupMessages, type FollowupLinkOpened } from '../../../src/domain/followup';
import type { Service } from '../../../src/domain/options';
import { firstName } from '../../../src/domain/text';
import type { App } from '../app';
import { allowMethods, guard, HttpError, json, readJson } from '../http';
import { hashToken, TOKEN_PATTERN } from '../manage/tokens';

// The token's shape is checked after parsing: a malformed token is just an unknown link (404).
const linkSchema = z.object({ token: z.string().check(z.maxLength(200)) });

const fail = (error: string) => ({ success: false, error });

/** The lead behind a follow-up token (or a painel booking link) at `now`; null when unknown, expired or booked. */
export async function openFollowupLink(app: App, token: string): Promise<FollowupLinkOpened | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const p = { token_hash: hashToken(token), now: app.now().toISOString() };
  type Found = { leadId: string; service: Service; name: string } | null;
  // The painel's "Enviar link para reagendar" after a missed meeting mails the same kind of link.
  const found = (await app.store.call<Found>('lead_followup_link', p)) ?? (await app.store.call<Found>('painel_rebook_open', p));
  return found ? { success: true, leadId: found.leadId, service: found.service, firstName: firstName(found.name) } : null;
}

export function createFollowupLinkHandler(getApp: () => Promise<App>) {
  return (req: Request) =>
    guard(
      'agendar-link',
      async () => {
        allowMethods(req, ['POST']);
        const parsed = linkSchema.safeParse(await readJson(req));
        if (!parsed.success) throw new HttpError(400, followupMessages.invalid);
        const opened = await openFollowupLink(await getApp(), parsed.data.token);
        if (!opened) throw new HttpError(404, followupMessages.invalidLink);
        return json(opened);
      },
      fail,
    );
}
