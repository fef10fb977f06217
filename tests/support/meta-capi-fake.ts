// A local stand-in for Meta's Conversions API (POST /{version}/{pixel id}/events) that enforces the rules
// Meta documents for website events, so a sender that breaks one is refused here as Meta would refuse it:
// - the access token (else OAuthException, code 190); the pixel in the path; a JSON `data` list of 1–1000;
// - event_time in Unix SECONDS (an integer; a millisecond value is refused), not in the future, and not
//   older than 7 days — one such event refuses the WHOLE request, nothing of it counted;
// - action_source 'website' with event_source_url (absolute http/https) and client_user_agent;
// - em/ph as lists of lowercase hex SHA-256 (an unhashed value is refused); fbc/fbp in the cookies' format;
//   at least one identifier;
// - event_id dedup: an event whose (event_name, event_id) was already counted is received but not counted.
// Its clock is the test's (the app's), so "7 days" is the same time on both sides.
import { startReceiver, type Answer, type Received, type Receiver } from './receiver';

export type MetaCountedEvent = { event_name: string; event_time: number; event_id: string; action_source: string; event_source_url: string; user_data: Record<string, unknown>; custom_data?: Record<string, unknown> };
export type MetaFake = Receiver & {
  /** Events counted (accepted and not deduplicated), in order. */
  counted: MetaCountedEvent[];
  /** Events received again with an (event_name, event_id) already counted. */
  deduplicated: number;
  /** Requests refused, with Meta's message. */
  refused: string[];
};

const HEX64 = /^[0-9a-f]{64}$/;
const FBC = /^fb\.[0-2]\.\d{13}\.\S+$/;
const FBP = /^fb\.[0-2]\.\d{13}\.\d+$/;
const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

const graphError = (message: string, code = 100, subcode?: number): Answer => ({
  status: 400,
  body: JSON.stringify({ error: { message: 'Invalid parameter', type: 'OAuthException', code, ...(subcode ? { error_subcode: subcode } : {}), error_user_title: 'Parâmetro inválido', error_user_msg: message, fbtrace_id: 'AbCdEf' } }),
});

export async function startMetaFake(opts: { pixelId: string; token: () => string; now: () => Date }): Promise<MetaFake> {
  const counted: MetaCountedEvent[] = [];
  const refused: string[] = [];
  let deduplicated = 0;

  function problem(req: Received): Answer | null {
    const path = new URL(req.url, 'http://fake').pathname;
    const match = /^\/v\d{1,3}\.\d{1,2}\/(\d+)\/events$/.exec(path);
    if (req.method !== 'POST' || !match) return { status: 404, body: JSON.stringify({ error: { message: 'Unknown path components', code: 2500 } }) };
    if (match[1] !== opts.pixelId) return graphError(`Object with ID '${match[1]}' does not exist`, 100, 33);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(req.body) as Record<string, unknown>;
    } catch {
      return graphError('The request body is not JSON');
    }
    if (body.access_token !== opts.token()) return { status: 400, body: JSON.stringify({ error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190, fbtrace_id: 'AbCdEf' } }) };
    const data = body.data;
    if (!Array.isArray(data) || data.length < 1 || data.length > 1000) return graphError('data must be a list of 1 to 1000 events');
    if (body.test_event_code !== undefined && typeof body.test_event_code !== 'string') return graphError('test_event_code must be a string');
    const nowS = Math.floor(opts.now().getTime() / 1000);
    for (const event of data as Record<string, unknown>[]) {
      if (typeof event.event_name !== 'string' || !event.event_name) return graphError('event_name is required');
      const time = event.event_time;
      if (typeof time !== 'number' || !Number.isInteger(time)) return graphError('event_time must be an integer Unix timestamp in seconds');
      if (time > 1e11) return graphError('event_time must be in seconds, not milliseconds', 100, 2804003);
      if (time > nowS + 60) return graphError('The timestamp for this event is in the future', 100, 2804004);
      if (time < nowS - SEVEN_DAYS_S) return graphError('The timestamp for this event is older than 7 days', 100, 2804005);
      if (event.action_source !== 'website') return graphError('action_source must be website for these events');
      if (typeof event.event_source_url !== 'string' || !/^https?:\/\//.test(event.event_source_url)) return graphError('event_source_url is required for website events');
      if (typeof event.event_id !== 'string' || !event.event_id) return graphError('event_id is required for deduplication');
      const user = event.user_data as Record<string, unknown> | undefined;
      if (!user || typeof user !== 'object') return graphError('user_data is required');
      if (typeof user.client_user_agent !== 'string' || !user.client_user_agent) return graphError('client_user_agent is required for website events');
      for (const key of ['em', 'ph'] as const) {
        if (user[key] === undefined) continue;
        if (!Array.isArray(user[key]) || !(user[key] as unknown[]).every((v) => typeof v === 'string' && HEX64.test(v))) {
          return graphError(`${key} must be a list of SHA-256 hashes in lowercase hex`, 100, 2804010);
        }
      }
      if (user.fbc !== undefined && (typeof user.fbc !== 'string' || !FBC.test(user.fbc))) return graphError('fbc is malformed', 100, 2804019);
      if (user.fbp !== undefined && (typeof user.fbp !== 'string' || !FBP.test(user.fbp))) return graphError('fbp is malformed', 100, 2804019);
      if (!user.em && !user.ph && !user.fbc && !user.fbp) return graphError('user_data has no customer information parameter');
      const custom = event.custom_data as Record<string, unknown> | undefined;
      if (custom && (typeof custom.value !== 'number' || custom.currency !== 'BRL')) return graphError('custom_data value must be a number with its currency');
    }
    return null;
  }

  const receiver = await startReceiver((req) => {
    const refusal = problem(req);
    if (refusal) {
      refused.push((JSON.parse(refusal.body ?? '{}') as { error?: { error_user_msg?: string; message?: string } }).error?.error_user_msg ?? 'refused');
      return refusal;
    }
    // The whole request passed: every event is received; one seen before is not counted again.
    const data = (JSON.parse(req.body) as { data: MetaCountedEvent[] }).data;
    for (const event of data) {
      if (counted.some((c) => c.event_name === event.event_name && c.event_id === event.event_id)) deduplicated++;
      else counted.push(event);
    }
    return { status: 200, body: JSON.stringify({ events_received: data.length, messages: [], fbtrace_id: 'AbCdEf' }) };
  });
  const fake = Object.assign(receiver, { counted, refused, deduplicated: 0 });
  Object.defineProperty(fake, 'deduplicated', { get: () => deduplicated });
  return fake;
}
