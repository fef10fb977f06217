// "You already have a meeting": the lead's manage link is mailed again, at most once per
// RESEND_LINK_THROTTLE_SECONDS per meeting (the booking's confirmation counts as a send). Only token
// hashes are stored, so a new lead token is minted for the mail; earlier links keep working.
import type { App } from '../app';
import { flushOutboxLater } from '../app';
import { manageLinkMail } from '../mail/lifecycle-messages';
import { mailSettings } from '../mail/messages';
import { mailMeetingOf } from './view';
import { manageUrl, mintToken } from './tokens';

export const RESEND_LINK_THROTTLE_SECONDS = 10 * 60;

export async function resendManageLink(app: App, meetingId: string, context?: { waitUntil?: (p: Promise<unknown>) => void }): Promise<boolean> {
  const details = await app.store.meetingDetails(meetingId);
  if (!details || details.status !== 'scheduled') return false;
  const { token, row } = mintToken('lead');
  const mail = manageLinkMail({
    meeting: mailMeetingOf(details), link: manageUrl(app.env.siteUrl, token), ...mailSettings(app.env),
  });
  const sent = await app.store.resendManageLink(meetingId, [row], app.now(), RESEND_LINK_THROTTLE_SECONDS, [mail]);
  if (sent) flushOutboxLater(app, context);
  return sent;
}
