// The attribution the wizard sends with the lead: what the pages' capture script kept in sessionStorage
// (src/scripts/attribution-capture.js), trimmed to the server's caps by the shared module. The module and
// its zod arrive only on submit, with the lead rules, never with the form.
import type { Attribution } from '../../domain/attribution';
import { ATTRIBUTION_STORAGE_KEY } from '../../domain/attribution-params';

export async function readAttribution(): Promise<Attribution | null> {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(ATTRIBUTION_STORAGE_KEY);
  } catch {
    return null; // storage blocked: nothing was kept
  }
  if (!raw) return null;
  try {
    const { sanitizeAttribution } = await import('../../domain/attribution');
    return sanitizeAttribution(JSON.parse(raw));
  } catch {
    return null; // junk in storage, or the module did not arrive: the lead goes without
  }
}

