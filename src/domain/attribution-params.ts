// The names of attribution (src/domain/attribution.ts), apart from its schema so that browser code can
// read them without bundling zod: the capture script's parameter list and the sessionStorage key.
export const UTM_PARAMS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export const CLICK_ID_PARAMS = ['gclid', 'gbraid', 'wbraid', 'fbclid'] as const;
/** Every address parameter a touch keeps, in this order (the capture script gets this very list). */
export const ATTRIBUTION_PARAMS = [...UTM_PARAMS, ...CLICK_ID_PARAMS] as const;
/** Every key a stored touch may hold (leads.first_touch / last_touch), in display order: the console and the CSV list them so. */
export const TOUCH_KEYS = [...ATTRIBUTION_PARAMS, 'referrer_host', 'landing_path'] as const;
export type TouchKey = (typeof TOUCH_KEYS)[number];
/** A touch as stored: only the keys it holds. */
export type StoredTouch = Partial<Record<TouchKey, string>>;
/** The sessionStorage key of `{ first, last }` (nothing leaves the browser until the form is sent). */
export const ATTRIBUTION_STORAGE_KEY = 'atribuicao';
