// POST /api/leads, reduced to the outcomes the wizard shows.
import { apiPaths, type ApiError, type LeadCreated, type LeadNoMeeting, type LeadRequest } from '../../domain/api';
import type { LeadRequestFieldErrors } from '../../domain/api';

export type SaveLeadResult =
  /**
   * upcoming: this email already holds an upcoming meeting (no calendar, no second notice to the mentor).
   * route: a qualification rule without a meeting matched the answers (its message instead of the calendar).
   */
  | { kind: 'saved'; id: string; upcoming: boolean; route: LeadNoMeeting | null }
  /** The server answered with an error (spec: 'Erro ao salvar dados'); fieldErrors when it named fields. */
  | { kind: 'failed'; fieldErrors: LeadRequestFieldErrors }
  /** 429 (rate limit per IP, or new leads per email) or 422 (key reused with other data): show the server's message. */
  | { kind: 'refused'; status: 422 | 429 }
  /** No usable answer at all: network down, or a body we cannot read (spec: 'Erro inesperado'). */
  | { kind: 'unexpected' };

export async function saveLead(body: LeadRequest): Promise<SaveLeadResult> {
  let response: Response;
  try {
    response = await fetch(apiPaths.leads, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: 'unexpected' };
  }
  // Netlify's edge answers its own 429 without our JSON body: the status alone decides.
  if (response.status === 429 || response.status === 422) return { kind: 'refused', status: response.status };
  const payload = (await response.json().catch(() => null)) as (LeadCreated & ApiError) | null;
  if (response.ok) {
    if (!payload || typeof payload.id !== 'string') return { kind: 'unexpected' };
    const route = payload.route?.kind === 'none' && typeof payload.route.message === 'string' ? payload.route : null;
    return { kind: 'saved', id: payload.id, upcoming: payload.upcomingMeeting === true, route };
  }
  return { kind: 'failed', fieldErrors: payload?.fieldErrors ?? {} };
}
