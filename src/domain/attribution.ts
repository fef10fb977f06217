// Attribution (issue 20): where a visitor came from, first and last touch, sent with the lead.
// The one home of the rules: the parameter list the content pages' capture script reads
// (src/scripts/attribution-capture.js, inlined by BaseLayout), the caps the wizard trims a stored touch to
// (sanitizeAttribution), and the schema POST /api/leads validates with (attributionSchema).
// A touch holds the campaign parameters of the address, the referring site's host (never the full
// referrer URL) and the path of the page the visitor arrived on. Keys are the URL parameter names.
import * as z from 'zod/mini';
import { cleanLine, hasOnlyPrintable, stripBidiControls } from './text';
import { CLICK_ID_PARAMS, UTM_PARAMS } from './attribution-params';

export { ATTRIBUTION_PARAMS, ATTRIBUTION_STORAGE_KEY, CLICK_ID_PARAMS, UTM_PARAMS } from './attribution-params';

export const attributionLimits = { utm: 150, clickId: 255, referrerHost: 253, landingPath: 200 } as const;
// leads.first_touch / last_touch hold at most 8000 bytes of jsonb text, a backstop: the caps keep the largest
// touch (every key at its limit, 3 UTF-8 bytes per UTF-16 unit in the utm_* texts) below 4000 (attribution.test.ts).

const CLICK_ID = /^[A-Za-z0-9._~-]+$/;
/** A lower-case DNS name or IPv4 address as URL.hostname gives it: no scheme, path, port or credentials. */
const HOSTNAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;
/**
 * A path only, as location.pathname gives it (percent-encoded ASCII): one leading '/', no query or fragment.
 * No '"' or '\\' either (a browser sends %22, and turns '\\' into '/'): jsonb text would write each as two bytes.
 */
const PATH = /^\/(?!\/)[\x21\x24-\x3E\x40-\x5B\x5D-\x7E]*$/;

const utm = z.string().check(
  // Bidi controls go (text.ts): a campaign name must not reorder the painel row it is shown in.
  z.overwrite(stripBidiControls),
  z.minLength(1),
  z.maxLength(attributionLimits.utm),
  // One printable line: no control character (newlines and tabs are ones), no lone surrogate.
  z.refine(hasOnlyPrintable),
);
const clickId = z.string().check(z.minLength(1), z.maxLength(attributionLimits.clickId), z.regex(CLICK_ID));

export const touchSchema = z.strictObject({
  utm_source: z.optional(utm),
  utm_medium: z.optional(utm),
  utm_campaign: z.optional(utm),
  utm_term: z.optional(utm),
  utm_content: z.optional(utm),
  gclid: z.optional(clickId),
  gbraid: z.optional(clickId),
  wbraid: z.optional(clickId),
  fbclid: z.optional(clickId),
  referrer_host: z.optional(z.string().check(z.maxLength(attributionLimits.referrerHost), z.regex(HOSTNAME))),
  landing_path: z.string().check(z.maxLength(attributionLimits.landingPath), z.regex(PATH)),
});

export type Touch = z.output<typeof touchSchema>;

/** `{ first, last }`: the first touch of the session and the latest one. Absent as a whole when unknown. */
export const attributionSchema = z.strictObject({ first: touchSchema, last: touchSchema });
export type Attribution = z.output<typeof attributionSchema>;

/** The attribution as POST /api/leads accepts it, or null when it is no valid `{ first, last }`. */
export function parseAttribution(value: unknown): Attribution | null {
  const result = attributionSchema.safeParse(value);
  return result.success ? result.data : null;
}

/** At most `max` UTF-16 units, never ending in half a surrogate pair. */
const cap = (s: string, max: number) => s.slice(0, max).replace(/[\uD800-\uDBFF]$/, '');

function sanitizeTouch(raw: unknown): Touch | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const source = raw as Record<string, unknown>;
  const path = typeof source.landing_path === 'string' ? cap(source.landing_path.split(/[?#]/, 1)[0], attributionLimits.landingPath) : '';
  if (!PATH.test(path)) return null;
  const touch: Record<string, string> = { landing_path: path };
  for (const key of UTM_PARAMS) {
    const value = source[key];
    if (typeof value !== 'string') continue;
    const line = cap(cleanLine(value).replace(/\p{Cc}/gu, ''), attributionLimits.utm);
    if (line && hasOnlyPrintable(line)) touch[key] = line;
  }
  for (const key of CLICK_ID_PARAMS) {
    const value = source[key];
    if (typeof value === 'string' && CLICK_ID.test(value)) touch[key] = value.slice(0, attributionLimits.clickId);
  }
  const host = typeof source.referrer_host === 'string' ? source.referrer_host.toLowerCase() : '';
  if (host.length <= attributionLimits.referrerHost && HOSTNAME.test(host)) touch.referrer_host = host;
  const result = touchSchema.safeParse(touch);
  return result.success ? result.data : null;
}

/**
 * What the wizard sends: the stored `{ first, last }` reduced to the known keys and capped to the limits
 * (an over-long value is shortened, a malformed one dropped), so what the capture kept is never refused.
 * A missing touch takes the other one's place; null when neither is usable.
 */
export function sanitizeAttribution(raw: unknown): Attribution | null {
  if (!raw || typeof raw !== 'object') return null;
  const { first, last } = raw as { first?: unknown; last?: unknown };
  const a = sanitizeTouch(first);
  const b = sanitizeTouch(last);
  return a || b ? { first: (a ?? b)!, last: (b ?? a)! } : null;
}
