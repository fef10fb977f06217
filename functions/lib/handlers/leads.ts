// POST /api/leads: validates with the wizard's schema, stores once per idempotency key.
import { apiMessages, type LeadCreated, type LeadFormSettings, type LeadRequestFieldErrors } from '../../../src/domain/api';
import { MEASUREMENT_CONSENT } from '../../../src/domain/conversions';
import { serviceValues, type Service } from '../../../src/domain/options';
import { consentMessage, parsePrivacyPolicyVersion } from '../../../src/domain/consent';
import { parseAttribution, type Attribution } from '../../../src/domain/attribution';
import { adConsentOnly, metaClickId, parseAdIds, userAgentOf } from '../../../src/domain/ad-ids';
import { validateLead } from '../../../src/domain/lead';
import type { App } from '../app';
import { flushOutboxLater } from '../app';
import { allowMethods, guard, HttpError, json, readJson } from '../http';
import { requestFingerprint } from '../idempotency';
import { sourceHash, submissionSignals } from '../followup/signals';
import { newLeadNotification } from '../mail/messages';
import { currentRuleSet, leadRouteOf, RoutingRulesError } from '../routing-rules';
import { whatsappOptInOf } from '../whatsapp/opt-in';

export const leadCopy = {
  invalid: 'Verifique os campos destacados.',
  key: 'Requisição sem identificador. Recarregue a página e tente novamente.',
} as const;

/** Retry-After of the per-email limit: create_lead counts one email's leads over the last hour. */
const EMAIL_LIMIT_WINDOW_SECONDS = 3600;

type Context = { waitUntil?: (p: Promise<unknown>) => void; ip?: string };

export function isIdempotencyKey(v: unknown): v is string {
  return typeof v === 'string' && /^[\w-]{8,100}$/.test(v);
}

/** The wizard's service, or null: an absent, unknown or junk value is stored as unknown, never refused. */
const serviceOf = (value: unknown): Service | null => ((serviceValues as readonly unknown[]).includes(value) ? (value as Service) : null);

export function createLeadsHandler(getApp: () => Promise<App>) {
  return (req: Request, context?: Context) =>
    guard('leads', async () => {
      allowMethods(req, ['GET', 'POST']);
      // What the form asks beyond its fields, as the mentor set it now: the box for measuring the ads is
      // shown only when the basis is consent and a platform is on. Read fresh, never cached: the mentor's
      // switch applies at once.
      if (req.method === 'GET' || req.method === 'HEAD') {
        const { basis, measuring } = await (await getApp()).store.measurementSettings();
        const settings: LeadFormSettings = { measurementBasis: measuring ? basis : null };
        return json(settings);
      }
      const body = await readJson(req);
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, leadCopy.invalid);
      const {
        idempotencyKey, website, privacyPolicyVersion, service: sentService, attribution: sentAttribution, marketingOptIn: sentOptIn,
        adConsent: sentAdConsent, adIds: sentAdIds, measurementConsent: sentMeasurement, whatsappOptIn: sentWhatsApp, ...values
      } = body as Record<string, unknown>;
      // Honeypot: bots fill every field. Answer exactly like a new lead (201, a fresh id) so they cannot
      // tell, whatever type the trap holds; store nothing. An empty string (or no field) is a human.
      if (website !== undefined && website !== null && website !== '') return json({ id: crypto.randomUUID() }, 201);
      const result = validateLead(values);
      // No lead without the policy version in force (LGPD); reported with the field errors. content-files.ts is
      // loaded here, not at import: its check builds the site's schemas (classic zod), and meetings imports this
      // module (docs/operations.md "Cold start").
      const { publishedPolicyVersion } = await import('../content-files');
      const version = parsePrivacyPolicyVersion(privacyPolicyVersion, publishedPolicyVersion());
      if (!result.ok || version === null) {
        const fieldErrors: LeadRequestFieldErrors = result.ok ? {} : { ...result.fieldErrors };
        if (version === null) fieldErrors.privacyPolicyVersion = consentMessage;
        return json({ error: leadCopy.invalid, fieldErrors }, 400);
      }
      // Attribution and the e-mail opt-in are not form fields: a malformed one is a tampered request (400,
      // nothing stored, no field named), never stored in part. Their values are never logged.
      if (sentOptIn !== undefined && typeof sentOptIn !== 'boolean') throw new HttpError(400, leadCopy.invalid);
      if (sentWhatsApp !== undefined && typeof sentWhatsApp !== 'boolean') throw new HttpError(400, leadCopy.invalid);
      // The visitor's cookie choice for advertising (Consent Mode's ad_storage; absent: not granted) decides
      // whether any ad identifier is kept: the touches' click ids, Meta's cookies (src/domain/ad-ids.ts).
      if (sentAdConsent !== undefined && typeof sentAdConsent !== 'boolean') throw new HttpError(400, leadCopy.invalid);
      const sentIds = parseAdIds(sentAdIds);
      if (!sentIds) throw new HttpError(400, leadCopy.invalid);
      const { attribution, adIds, userAgent } = adConsentOnly(sentAdConsent === true, attributionOf(sentAttribution), sentIds, userAgentOf(req.headers.get('user-agent')));
      const marketingOptIn = sentOptIn === true;
      // The box for measuring the ads (unticked: absent or false). Whether it counts is the mentor's basis,
      // decided by create_lead; a ticked box under legitimate interest changes nothing.
      if (sentMeasurement !== undefined && typeof sentMeasurement !== 'boolean') throw new HttpError(400, leadCopy.invalid);
      const measurementConsent = sentMeasurement === true;
      if (!isIdempotencyKey(idempotencyKey)) throw new HttpError(400, leadCopy.key);

      const app = await getApp();
      const service = serviceOf(sentService);
      // The qualification rule of these answers (the rules in force, read fresh: a change made in the painel
      // applies to this lead; first match wins).
      const route = await routeOf(app, { ...result.data, service });
      // The consent time is set by the database at insert (create_lead), never taken from the client.
      // The fingerprint covers what is stored (normalised values and the version), so the same form sent
      // again with other spacing is the same request, and a corrected email is a different one. The service
      // is stored and decides the route, so it is covered too: the same key with another service is another
      // request (422), and a repeat recomputes the very route it first got. Added only when known, so a
      // request without one hashes as before it existed (a key sent across the deploy stays the same request).
      // The same holds for the attribution, the e-mail opt-in (an unticked box is stored as no box) and Meta's
      // cookies. The user agent is a header, not the request's content: the first one stored stays.
      const requestHash = requestFingerprint({
        ...result.data, privacyPolicyVersion: version, service: service ?? undefined,
        attribution: attribution ?? undefined, marketingOptIn: marketingOptIn || undefined,
        adIds: adIds.fbp || adIds.fbc ? adIds : undefined,
        measurementConsent: measurementConsent || undefined, whatsappOptIn: sentWhatsApp === true || undefined,
      });
      // Meta's click id when only the fbclid arrived, built at this request's time: after the fingerprint,
      // so a repeat of the request is still the same request.
      const fbc = metaClickId(adIds, attribution, app.now().getTime());
      const lead = {
        ...result.data, id: crypto.randomUUID(), idempotencyKey, origem: app.env.leadOrigin, privacyPolicyVersion: version, requestHash,
        service, routing: { rule: route.rule, kind: route.kind }, attribution, marketingOptIn,
        adIds: fbc ? { ...adIds, fbc } : adIds, userAgent, measurementConsent, measurementWordingVersion: MEASUREMENT_CONSENT.version,
        whatsapp: whatsappOptInOf(app.env, sentWhatsApp === true, result.data.telefone),
      };
      // The notification is built for every lead; create_lead drops it when this email already holds
      // an upcoming meeting (the mentor was told about this person), by the app's clock.
      const stored = await app.store.createLead({ ...lead, now: app.now() }, [newLeadNotification(lead, app.env.contactEmail, app.env.siteUrl)]);
      if (stored.status !== 'created' && stored.status !== 'duplicate') {
        throw stored.status === 'mismatch'
          ? new HttpError(422, apiMessages.idempotencyMismatch)
          : new HttpError(429, apiMessages.tooManyRequests, { 'retry-after': String(EMAIL_LIMIT_WINDOW_SECONDS) });
      }
      if (stored.created) {
        // Where the form came from and whether it looked automated: what the follow-up's caps read.
        await app.store.call('lead_source_record', {
          lead_id: stored.id, source_hash: sourceHash(app.env.painel.hashKey, context?.ip), signals: submissionSignals(req),
        });
      }
      if (stored.created && !stored.upcoming) flushOutboxLater(app, context);
      // Only the fact that a meeting exists: its date, time and consultant are never told to whoever typed the email.
      // A no-meeting rule's message and link go to the wizard (never a pool's consultants). An email that
      // already holds a meeting is told that instead: it has a meeting, whatever its answers are now.
      const answer: LeadCreated = stored.upcoming
        ? { id: stored.id, upcomingMeeting: true }
        : route.kind === 'none'
          ? { id: stored.id, route: { kind: 'none', message: route.message, link: route.link } }
          : { id: stored.id };
      return json(answer, stored.created ? 201 : 200);
    });
}

/** The first and last touch (src/domain/attribution.ts): absent or null → null; anything malformed → 400. */
function attributionOf(value: unknown): Attribution | null {
  if (value === undefined || value === null) return null;
  const attribution = parseAttribution(value);
  if (!attribution) throw new HttpError(400, leadCopy.invalid);
  return attribution;
}

/** leadRouteOf, logging rules that cannot be used with their fields (no lead data), then failing (500). */
async function routeOf(app: App, answers: Parameters<typeof leadRouteOf>[1]) {
  try {
    return leadRouteOf((await currentRuleSet(app.store, app.now())).rules, answers);
  } catch (error) {
    if (error instanceof RoutingRulesError) console.error(`[leads] ${error.message}`);
    throw error;
  }
}
