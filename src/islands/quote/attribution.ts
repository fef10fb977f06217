// The attribution the wizard sends with the lead: what the pages' capture script kept in sessionStorage
// (src/scripts/attribution-capture.js), trimmed to the server's caps by the shared module, and Meta's
// cookies; ad identifiers only when the visitor granted advertising cookies (src/domain/ad-ids.ts, whose
// rule the server applies again). The modules and their zod arrive only on submit, with the lead rules,
// never with the form.
import type { Attribution } from '../../domain/attribution';
import type { AdIds } from '../../domain/ad-ids';
import { ATTRIBUTION_STORAGE_KEY } from '../../domain/attribution-params';
import { readConsentChoice } from '../../scripts/consent-choice';

export type AdContext = { attribution: Attribution | null; adConsent: boolean; adIds: AdIds };

function readStored(): string | null {
  try {
    return sessionStorage.getItem(ATTRIBUTION_STORAGE_KEY);
  } catch {
    return null; // storage blocked: nothing was kept
  }
}

/** A cookie of this page by name, or undefined. */
function cookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const [key, ...rest] = pair.trim().split('=');
    if (key === name) return rest.join('=') || undefined;
  }
  return undefined;
}

export async function readAdContext(): Promise<AdContext> {
  const adConsent = readConsentChoice() === 'granted';
  const raw = readStored();
  try {
    const [{ sanitizeAttribution }, { META_COOKIES, adConsentOnly, parseAdIds }] = await Promise.all([import('../../domain/attribution'), import('../../domain/ad-ids')]);
    let attribution: Attribution | null = null;
    try {
      attribution = raw ? sanitizeAttribution(JSON.parse(raw)) : null;
    } catch {
      attribution = null; // junk in storage: the lead goes without
    }
    // A cookie in another shape than Meta's is not sent (the server would refuse the request over it).
    const fromCookies = Object.entries(META_COOKIES).flatMap(([id, name]) => {
      const value = cookie(name);
      return value === undefined ? [] : [[id, value]];
    });
    const adIds = parseAdIds(Object.fromEntries(fromCookies)) ?? {};
    const kept = adConsentOnly(adConsent, attribution, adIds);
    return { adConsent, attribution: kept.attribution, adIds: kept.adIds };
  } catch {
    return { attribution: null, adConsent, adIds: {} }; // the modules did not arrive: the lead goes without
  }
}
