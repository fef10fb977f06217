// GET /api/availability and POST /api/meetings, reduced to what the dialog shows.
import {
  apiPaths,
  type AvailabilityResponse,
  type AvailabilitySlot,
  type MeetingRequest,
  type MeetingResponse,
  type MonthAvailabilityResponse,
} from '../../../domain/api';

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** Days (YYYY-MM-DD) of a month (YYYY-MM) with at least one free slot. */
export async function fetchMonthDays(month: string): Promise<string[]> {
  const body = await getJson<MonthAvailabilityResponse>(`${apiPaths.availability}?month=${encodeURIComponent(month)}`);
  if (!Array.isArray(body.days)) throw new Error('bad month availability');
  return body.days;
}

/** Free slots of a day (YYYY-MM-DD), in Brasília time. */
export async function fetchSlots(date: string): Promise<AvailabilitySlot[]> {
  const body = await getJson<AvailabilityResponse>(`${apiPaths.availability}?date=${encodeURIComponent(date)}`);
  if (!Array.isArray(body.availableSlots)) throw new Error('bad availability');
  return body.availableSlots;
}

export type BookingResult =
  | { kind: 'booked'; presellerName: string }
  /** 409: someone took the slot between listing and confirming. */
  | { kind: 'taken'; message?: string }
  | { kind: 'failed'; message?: string }
  /** An answer without success: true and without a message. */
  | { kind: 'unknown' };

export async function bookMeeting(request: MeetingRequest): Promise<BookingResult> {
  let response: Response;
  try {
    response = await fetch(apiPaths.meetings, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    return { kind: 'failed' };
  }
  const body = (await response.json().catch(() => null)) as MeetingResponse | null;
  if (response.ok && body?.success === true) return { kind: 'booked', presellerName: body.preseller.name };
  const message = body && body.success === false && typeof body.error === 'string' && body.error ? body.error : undefined;
  if (response.status === 409) return { kind: 'taken', message };
  if (!response.ok) return { kind: 'failed', message };
  return message ? { kind: 'failed', message } : { kind: 'unknown' };
}
