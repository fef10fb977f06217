// What the lead keeps for sending its conversions back to the ad platforms, beyond the touches' click ids
// (attribution.ts): Meta's browser and click ids (fbp, fbc) and the browser's user agent (Meta's
// client_user_agent for website events). All of it only within the visitor's cookie choice: with
// advertising storage not granted ("Recusar", or no choice yet: Consent Mode's default is denied), no ad
// identifier is stored at all, the touches' gclid, gbraid, wbraid and fbclid included (adConsentOnly).
// The one home of that rule: the wizard applies it before sending, POST /api/leads again on what arrives.
import * as z from 'zod/mini';
import { hasOnlyPrintable } from './text';
import type { Attribution, Touch } from './attribution';
import { CLICK_ID_PARAMS } from './attribution-params';

/**
 * Meta's own cookie formats (_fbp: `fb.<subdomain index>.<creation ms>.<random>`; _fbc:
 * `fb.<subdomain index>.<creation ms>.<fbclid>`), as its pixel writes them and its Conversions API reads
 * them, unhashed. A value in another shape is not Meta's and is not kept.
 */
const FBP = /^fb\.[0-2]\.\d{10,13}\.\d{1,30}$/;
const FBC = /^fb\.[0-2]\.\d{10,13}\.[A-Za-z0-9._~-]{1,255}$/;
export const adIdLimits = { userAgent: 512 } as const;

export const adIdsSchema = z.strictObject({
  fbp: z.optional(z.string().check(z.maxLength(300), z.regex(FBP))),
  fbc: z.optional(z.string().check(z.maxLength(300), z.regex(FBC))),
});
export type AdIds = z.output<typeof adIdsSchema>;

/** Meta's cookies of this browser, read where the form is sent (the pixel, when the tag manager has one, sets them). */
export const META_COOKIES = { fbp: '_fbp', fbc: '_fbc' } as const;

/** The ad ids as POST /api/leads accepts them: absent → {}; anything malformed → null (a 400, nothing stored). */
export function parseAdIds(value: unknown): AdIds | null {
  if (value === undefined || value === null) return {};
  const result = adIdsSchema.safeParse(value);
  return result.success ? result.data : null;
}

/** The touches without their click ids (a touch keeps its utm_*, referrer host and landing path). */
export function withoutClickIds(attribution: Attribution): Attribution {
  const strip = (touch: Touch): Touch => {
    const kept = { ...touch };
    for (const key of CLICK_ID_PARAMS) delete kept[key];
    return kept;
  };
  return { first: strip(attribution.first), last: strip(attribution.last) };
}

/**
 * What of the attribution, ad ids and user agent may be kept under the visitor's choice: everything when
 * advertising storage was granted, no ad identifier (and no user agent) otherwise.
 */
export function adConsentOnly(
  granted: boolean, attribution: Attribution | null, adIds: AdIds, userAgent: string | null = null,
): { attribution: Attribution | null; adIds: AdIds; userAgent: string | null } {
  if (granted) return { attribution, adIds, userAgent };
  return { attribution: attribution && withoutClickIds(attribution), adIds: {}, userAgent: null };
}

/**
 * Meta's click id for a lead that arrived from a Meta ad: the _fbc cookie when the pixel wrote one, else
 * built as Meta documents it, `fb.1.<ms>.<fbclid>`, from the latest touch's fbclid (the first's when the
 * latest has none). `atMs` is when the form was sent: the moment the click was seen is not kept (the pages'
 * capture script stays within its bytes), and the form is sent in the same browser session as the click.
 */
export function metaClickId(adIds: AdIds, attribution: Attribution | null, atMs: number): string | undefined {
  if (adIds.fbc) return adIds.fbc;
  const fbclid = attribution?.last.fbclid ?? attribution?.first.fbclid;
  return fbclid ? `fb.1.${Math.trunc(atMs)}.${fbclid}` : undefined;
}

/** The request's User-Agent as kept: one printable line, at most adIdLimits.userAgent characters; null when absent or junk. */
export function userAgentOf(header: string | null): string | null {
  if (!header) return null;
  const line = header.replace(/\s+/g, ' ').trim().slice(0, adIdLimits.userAgent);
  return line && hasOnlyPrintable(line) ? line : null;
}
