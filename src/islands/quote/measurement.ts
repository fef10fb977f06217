// The mentor's measurement basis, asked once when the form shows (GET /api/leads, never cached; none while
// no ad platform is on): the box for measuring the ads is drawn only when it is consent. Unreadable
// (offline, an error): no box, and the lead is then never sent to an ad platform under consent, the safe side.
import { apiPaths, type LeadFormSettings } from '../../domain/api';
import { $measurementBasis } from '../store';

let asked = false;
export async function loadMeasurementBasis(): Promise<void> {
  if (asked) return;
  asked = true;
  try {
    const response = await fetch(apiPaths.leads, { headers: { accept: 'application/json' } });
    const settings = response.ok ? ((await response.json()) as Partial<LeadFormSettings>) : null;
    const basis = settings?.measurementBasis;
    if (basis === 'consentimento' || basis === 'interesse_legitimo') $measurementBasis.set(basis);
  } catch {
    asked = false; // another showing of the form asks again
  }
}
