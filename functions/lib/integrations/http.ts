// One outgoing POST for the integrations, on node:http(s) rather than fetch: the DNS answer is checked
// at connect time (the `lookup` hook), so a name that resolves to a private address is refused even when
// it changes between checks (DNS rebinding), and a redirect is never followed (3xx is an answer).
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress, publicLookup } from '../public-address';

export { isPublicAddress } from '../public-address';

/** How much of an answer is read: RD's errors and an event_uuid fit well within it. */
const MAX_BODY = 8192;

export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };
/** A request that got no HTTP answer: `code` names why (never the URL, which may carry a key). */
export class DeliveryError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** Only public addresses, every answer judged when the connection is made (lib/public-address.ts). */
const publicOnlyLookup = publicLookup(() => new DeliveryError('address_not_allowed'));

/**
 * publicOnly: https only, and every address it connects to must be public (outside local use).
 * timeoutMs is a deadline for the whole exchange (a receiver trickling bytes cannot hold it open).
 * The answer's body is read up to 8 KB (RD's errors, an event_uuid); then the connection is dropped.
 */
export function postJson(target: string, body: string, headers: Record<string, string>, opts: { timeoutMs: number; publicOnly: boolean }): Promise<HttpAnswer> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.reject(new DeliveryError('invalid_url'));
  }
  if (opts.publicOnly) {
    if (url.protocol !== 'https:') return Promise.reject(new DeliveryError('https_required'));
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && !isPublicAddress(literal)) return Promise.reject(new DeliveryError('address_not_allowed'));
  } else if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return Promise.reject(new DeliveryError('invalid_url'));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'mentor-solar-integrations/1', ...headers },
      ...(opts.publicOnly ? { lookup: publicOnlyLookup } : {}),
    }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        clearTimeout(deadline);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk.subarray(0, MAX_BODY - size));
        size += chunk.length;
        if (size >= MAX_BODY) {
          done();
          request.destroy();
        }
      });
      response.on('end', done);
      response.on('error', () => undefined);
    });
    const deadline = setTimeout(() => request.destroy(new DeliveryError('timeout')), opts.timeoutMs);
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error instanceof DeliveryError ? error : new DeliveryError(networkCode(error)));
    });
    request.end(body);
  });
}

function networkCode(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code) ? code.toLowerCase() : 'network_error';
}
