// Where the visitor's cookie choice is kept (localStorage), shared by the banner's first-paint script
// (ConsentBanner.astro), the consent module (consent.ts) and the quote form (what it may send with a lead).
export const CONSENT_STORAGE_KEY = 'consentimento-cookies';

export type ConsentChoice = 'granted' | 'denied';

/** The stored choice; null when none was made or storage is blocked (Consent Mode's default: denied). */
export function readConsentChoice(): ConsentChoice | null {
  try {
    const value = localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    return null;
  }
}
