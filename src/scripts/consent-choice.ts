// Where the visitor's cookie choice is kept (localStorage), shared by the banner's first-paint script
// (ConsentBanner.astro) and the consent module (consent.ts).
export const CONSENT_STORAGE_KEY = 'consentimento-cookies';
