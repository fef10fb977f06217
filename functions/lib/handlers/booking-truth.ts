// The truth after the store failed in the middle of a booking. A statement deadline (or a dropped
// connection) can fire after book_meeting committed: the reply was on its way, and a cancel cannot undo a
// commit. Answering 503 then tells a person "failed" while a meeting and its confirmation mail exist. So
// the booking is looked up by its idempotency key: found, the person gets it; not found or not checkable,
// an honest "could not confirm, check your e-mail" (202), which the same key can settle by a retry.
import { apiMessages, meetingUnconfirmed } from '../../../src/domain/api';
import type { App } from '../app';
import { HttpError, json } from '../http';
import { StoreUnavailableError } from '../store/errors';

/** What the handler had sent: its own meeting id, and its answers for each outcome. */
export interface PendingBooking {
  id: string;
  idempotencyKey: string;
  fingerprint: string;
  /** The 201 of this request's own booking (with the manage link only this request knows). */
  created: () => Response;
  /** The 200 of a booking another request made with this key. */
  replayed: (meetingId: string) => Promise<Response>;
}

export async function bookingAfterFailure(app: App, failure: StoreUnavailableError, pending: PendingBooking): Promise<Response> {
  let found: Awaited<ReturnType<App['store']['findMeetingByKey']>> = null;
  let checked = true;
  try {
    found = await app.store.findMeetingByKey(pending.idempotencyKey);
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    checked = false;
  }
  const outcome = !checked ? 'not checkable' : !found ? 'not found' : found.id === pending.id ? 'committed' : 'committed by another request';
  // The code only: no key, no person.
  console.warn(`[meetings] booking interrupted (${failure.code}): ${outcome}`);
  if (found && found.id === pending.id) return pending.created();
  if (found && found.fingerprint && found.fingerprint !== pending.fingerprint) throw new HttpError(422, apiMessages.idempotencyMismatch);
  if (found) {
    try {
      return await pending.replayed(found.id);
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
    }
  }
  // Not found is no proof: the statement may still be queued at the server. A retry with the same key
  // answers either way, and never books twice.
  return json(meetingUnconfirmed(apiMessages.bookingUnconfirmed), 202);
}
