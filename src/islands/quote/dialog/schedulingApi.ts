// GET /api/availability, and the POST that takes a slot (a booking or a reschedule), reduced to what
// the dialog shows.
import {
  apiMessages,
  apiPaths,
  type AvailabilityHint,
  type AvailabilityResponse,
  type AvailabilitySlot,
  type MeetingBooked,
  type MeetingRequest,
  type MeetingResponse,
  type MonthAvailabilityResponse,
} from '../../../domain/api';

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** The hint's query parameters (lead, keep), each only when given. */
const hinted = (hint: AvailabilityHint) =>
  (['lead', 'keep'] as const).map((k) => (hint[k] ? `&${k}=${encodeURIComponent(hint[k])}` : '')).join('');

/** Days (YYYY-MM-DD) of a month (YYYY-MM) with at least one free slot. */
export async function fetchMonthDays(month: string, hint: AvailabilityHint = {}): Promise<string[]> {
  const body = await getJson<MonthAvailabilityResponse>(`${apiPaths.availability}?month=${encodeURIComponent(month)}${hinted(hint)}`);
  if (!Array.isArray(body.days)) throw new Error('bad month availability');
  return body.days;
}

/** Free slots of a day (YYYY-MM-DD), in Brasília time. */
export async function fetchSlots(date: string, hint: AvailabilityHint = {}): Promise<AvailabilitySlot[]> {
  const body = await getJson<AvailabilityResponse>(`${apiPaths.availability}?date=${encodeURIComponent(date)}${hinted(hint)}`);
  if (!Array.isArray(body.availableSlots)) throw new Error('bad availability');
  return body.availableSlots;
}

/** Outcome of a POST to the API: `done` carries what the caller picked from the success body. */
export type PostResult<T> =
  | { kind: 'done'; value: T }
  /** 409: someone took the slot between listing and confirming (or the meeting can no longer change). */
  | { kind: 'taken'; status: number; message?: string }
  | { kind: 'failed'; status: number; message?: string }
  /** 202: sent, but the server could neither confirm nor refuse it (the same key settles it on a retry). */
  | { kind: 'unconfirmed'; status: number; message?: string }
  /** An answer without success: true and without a message. */
  | { kind: 'unknown'; status: number };

/**
 * POSTs JSON and sorts the answer. `pick` returns the value of a success body (`success: true`), or
 * undefined when the body is not one. Every failure body is `{ success: false, error }` (pt-BR).
 * A network error is `failed` with status 0.
 */
export async function postJson<T>(url: string, request: unknown, pick: (body: { success?: unknown }) => T | undefined): Promise<PostResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    return { kind: 'failed', status: 0 };
  }
  const body = (await response.json().catch(() => null)) as { success?: unknown; error?: unknown; unconfirmed?: unknown } | null;
  const value = response.ok && body?.success === true ? pick(body) : undefined;
  if (value !== undefined) return { kind: 'done', value };
  const message = body && body.success === false && typeof body.error === 'string' && body.error ? body.error : undefined;
  const { status } = response;
  // Netlify's edge answers its own 429 without our JSON body; ours (a per-meeting limit) says which limit.
  if (status === 429) return { kind: 'failed', status, message: message ?? apiMessages.tooManyRequests };
  if (status === 409) return { kind: 'taken', status, message };
  if (status === 202 && body?.unconfirmed === true) return { kind: 'unconfirmed', status, message };
  if (!response.ok) return { kind: 'failed', status, message };
  return message ? { kind: 'failed', status, message } : { kind: 'unknown', status };
}

/** POST /api/meetings: the booked meeting (consultant, time, location, manage link, .ics) on success. */
export const bookMeeting = (request: MeetingRequest) =>
  postJson(apiPaths.meetings, request, (body) => ((body as MeetingResponse).success === true ? (body as MeetingBooked) : undefined));
