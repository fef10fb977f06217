// A local stand-in for Google's Data Manager API and its OAuth token endpoint, enforcing what Google
// documents, so a sender that breaks a rule is refused here as Google would refuse it:
// - POST /token: the JWT bearer grant, its RS256 signature checked with the service account's public key,
//   iss/aud/scope/exp checked; answers an access token (expires_in 3600);
// - POST /v1/events:ingest with that bearer token: destinations (GOOGLE_ADS operating account of 10 digits,
//   a productDestinationId), 1–2000 events, `encoding` HEX or BASE64 whenever userData is sent;
// - each event: eventTimestamp an RFC 3339 string (a number, or seconds/milliseconds, refused), a
//   transactionId, eventSource among Google's values, an ad identifier or user data, user identifiers in
//   lowercase hex SHA-256 (an unhashed e-mail or '+55…' phone refused), consent values among Google's;
// - fast-fail: one bad event refuses the WHOLE request (400 INVALID_ARGUMENT), nothing of it counted;
// - transactionId dedup per destination: a repeat is accepted but not counted again.
import { createVerify, generateKeyPairSync } from 'node:crypto';
import { startReceiver, type Answer, type Received, type Receiver } from './receiver';

export type GoogleCountedEvent = { destination: string; event: Record<string, unknown> };
export type DataManagerFake = Receiver & {
  counted: GoogleCountedEvent[];
  refused: string[];
  deduplicated: number;
  /** The service account JSON (as Google's key file) whose token_uri is this fake's /token. */
  serviceAccountJson: string;
  tokensIssued: number;
};

const HEX64 = /^[0-9a-f]{64}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const EVENT_SOURCES = new Set(['WEB', 'APP', 'IN_STORE', 'PHONE', 'OTHER']);
const CONSENT = new Set(['CONSENT_GRANTED', 'CONSENT_DENIED', 'CONSENT_STATUS_UNSPECIFIED']);
export const DATAMANAGER_SCOPE = 'https://www.googleapis.com/auth/datamanager';

const invalid = (message: string): Answer => ({ status: 400, body: JSON.stringify({ error: { code: 400, message, status: 'INVALID_ARGUMENT' } }) });

export async function startDataManagerFake(opts: { operatingAccountId: string; now: () => Date }): Promise<DataManagerFake> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = 'conversoes@projeto-teste.iam.gserviceaccount.com';
  const counted: GoogleCountedEvent[] = [];
  const refused: string[] = [];
  const tokens = new Set<string>();
  let deduplicated = 0;
  let tokensIssued = 0;
  let base = '';

  function token(req: Received): Answer {
    const form = new URLSearchParams(req.body);
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return { status: 400, body: JSON.stringify({ error: 'unsupported_grant_type' }) };
    const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
    const verified = !!signature && createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature, 'base64url'));
    const c = verified ? (JSON.parse(Buffer.from(claims, 'base64url').toString()) as Record<string, unknown>) : {};
    const nowS = opts.now().getTime() / 1000;
    if (!verified || JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'RS256' || c.iss !== clientEmail || c.aud !== `${base}/token`
        || c.scope !== DATAMANAGER_SCOPE || typeof c.exp !== 'number' || typeof c.iat !== 'number' || c.exp <= nowS || c.exp - c.iat > 3600) {
      return { status: 400, body: JSON.stringify({ error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }) };
    }
    const issued = `ya29.fake-${crypto.randomUUID()}`;
    tokens.add(issued);
    tokensIssued++;
    return { status: 200, body: JSON.stringify({ access_token: issued, expires_in: 3600, token_type: 'Bearer' }) };
  }

  function ingestProblem(req: Received, body: Record<string, unknown>): string | null {
    const destinations = body.destinations;
    if (!Array.isArray(destinations) || destinations.length < 1) return 'destinations is required';
    for (const d of destinations as Record<string, Record<string, unknown>>[]) {
      if (d.operatingAccount?.accountType !== 'GOOGLE_ADS' || d.operatingAccount?.accountId !== opts.operatingAccountId) return 'operatingAccount must be the Google Ads account, 10 digits without hyphens';
      if (typeof d.productDestinationId !== 'string' || !/^\d+$/.test(d.productDestinationId)) return 'productDestinationId is required';
    }
    const events = body.events;
    if (!Array.isArray(events) || events.length < 1) return 'events is required';
    if (events.length > 2000) return 'At most 2000 events can be sent in a single request';
    for (const e of events as Record<string, unknown>[]) {
      if (typeof e.eventTimestamp !== 'string' || !RFC3339.test(e.eventTimestamp)) return 'eventTimestamp must be an RFC 3339 timestamp';
      const at = Date.parse(e.eventTimestamp);
      if (at > opts.now().getTime() + 60_000 || at < Date.UTC(2000, 0, 1)) return 'eventTimestamp is out of range';
      if (typeof e.transactionId !== 'string' || !e.transactionId) return 'transactionId is required for offline conversions';
      if (typeof e.eventSource !== 'string' || !EVENT_SOURCES.has(e.eventSource)) return 'eventSource is required for offline conversions';
      const ad = e.adIdentifiers as Record<string, unknown> | undefined;
      const ids = (e.userData as { userIdentifiers?: Record<string, unknown>[] } | undefined)?.userIdentifiers;
      if (!ad && !ids?.length) return 'an ad identifier or user data is required';
      if (ad && !['gclid', 'gbraid', 'wbraid'].some((k) => typeof ad[k] === 'string' && (ad[k] as string).length > 0)) return 'adIdentifiers holds no click id';
      if (ids) {
        if (body.encoding !== 'HEX' && body.encoding !== 'BASE64') return 'encoding is required for UserData uploads';
        for (const id of ids) {
          const [kind, value] = Object.entries(id)[0] ?? [];
          if (kind !== 'emailAddress' && kind !== 'phoneNumber') return 'user identifier must be an emailAddress or phoneNumber';
          if (typeof value !== 'string' || (body.encoding === 'HEX' && !HEX64.test(value))) return `${kind} must be a SHA-256 hash in lowercase hex (normalised first: E.164 with '+')`;
        }
      }
      if (e.conversionValue !== undefined && (typeof e.conversionValue !== 'number' || e.currency !== 'BRL')) return 'conversionValue must be a number with its currency';
      const consent = e.consent as Record<string, unknown> | undefined;
      if (consent && Object.values(consent).some((v) => typeof v !== 'string' || !CONSENT.has(v))) return 'consent values must be CONSENT_GRANTED, CONSENT_DENIED or CONSENT_STATUS_UNSPECIFIED';
    }
    return null;
  }

  function ingest(req: Received): Answer {
    const bearer = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    if (!bearer || !tokens.has(bearer)) return { status: 401, body: JSON.stringify({ error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } }) };
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return invalid('Invalid JSON payload received.');
    }
    const problem = ingestProblem(req, body);
    if (problem) {
      refused.push(problem);
      return invalid(problem);
    }
    if (body.validateOnly === true) return { status: 200, body: '{}' };
    for (const destination of (body.destinations as { productDestinationId: string }[]).map((d) => d.productDestinationId)) {
      for (const event of body.events as Record<string, unknown>[]) {
        if (counted.some((c) => c.destination === destination && c.event.transactionId === event.transactionId)) deduplicated++;
        else counted.push({ destination, event });
      }
    }
    return { status: 200, body: JSON.stringify({ requestId: crypto.randomUUID() }) };
  }

  const receiver = await startReceiver((req) => {
    const path = new URL(req.url, 'http://fake').pathname;
    if (req.method === 'POST' && path === '/token') return token(req);
    if (req.method === 'POST' && path === '/v1/events:ingest') return ingest(req);
    return { status: 404, body: '{}' };
  });
  base = receiver.url;
  const serviceAccountJson = JSON.stringify({
    type: 'service_account', project_id: 'projeto-teste', client_email: clientEmail,
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), token_uri: `${base}/token`,
  });
  const fake = Object.assign(receiver, { counted, refused, serviceAccountJson, deduplicated: 0, tokensIssued: 0 });
  Object.defineProperty(fake, 'deduplicated', { get: () => deduplicated });
  Object.defineProperty(fake, 'tokensIssued', { get: () => tokensIssued });
  return fake;
}
