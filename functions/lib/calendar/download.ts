// Fetches a calendar feed within bounds: one timeout for connection, headers and body; the byte cap
// counted while the body streams in (a feed that never ends costs at most FEED_MAX_BYTES of memory and
// is cancelled at the cap); and redirects followed by hand, at most MAX_REDIRECTS.
// Where it may connect (issue #36 L7): a consultant types their own feed address, so outside local use
// (publicOnly) every hop, the first included, connects only to public addresses: a literal is judged
// before the request, a name by what it resolves to when the connection is made (lib/public-address.ts,
// the webhooks' guard), so DNS rebinding and names like localtest.me or 127.0.0.1.nip.io are refused. In
// local use the first host is trusted (tests and `npm start` serve feeds on loopback) but a redirect to
// another host is still judged by the same blocklist, after resolving it.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { readCappedBody } from '../http';
import { bareHost, isInternalName, isPublicAddress, publicLookup, systemResolve, type Resolve } from '../public-address';

/** Feeds bigger than this are refused (a calendar of busy times is a few hundred KB at most). */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

const failure = (code: string) => Object.assign(new Error(code), { code });

/** publicOnly: every hop's addresses must be public (see above); resolve: the DNS lookup (tests inject one). */
export type DownloadOptions = { timeoutMs: number; publicOnly: boolean; resolve?: Resolve };

/** Whether a host may be connected to, judged before the request: literals and names that are never public. */
function plainlyInternal(hostname: string): boolean {
  const host = bareHost(hostname);
  return isIP(host) ? !isPublicAddress(host) : isInternalName(host);
}

async function resolvesInternally(hostname: string, resolve: Resolve): Promise<boolean> {
  if (plainlyInternal(hostname)) return true;
  const host = bareHost(hostname);
  if (isIP(host)) return false;
  const addresses = await resolve(host).catch(() => []);
  return addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address));
}

/** One GET on node:http(s) (fetch has no lookup hook), answered as a web Response for readCappedBody. */
function get(url: URL, signal: AbortSignal, lookup: ReturnType<typeof publicLookup> | undefined): Promise<Response> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // agent: false, a connection of its own per read: Node 22's global agent keeps sockets alive, and a read
    // 15 minutes later reused one the feed server was closing (ECONNRESET: a flaky "unreachable"); a reused
    // socket would also skip the address check of `lookup`, which runs when a connection is made.
    const request = client.get(url, { signal, agent: false, headers: { accept: 'text/calendar', 'user-agent': 'mentor-solar-calendar/1' }, ...(lookup ? { lookup } : {}) }, (res) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      const status = res.statusCode ?? 0;
      // A Response cannot carry a body with these statuses; the body is dropped either way.
      const bodyless = [204, 205, 304].includes(status) || status < 200;
      if (bodyless) res.resume();
      resolve(new Response(bodyless ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status: status < 200 ? 502 : status, headers }));
    });
    request.on('error', reject);
  });
}

export async function downloadFeed(url: string, opts: DownloadOptions): Promise<string> {
  // One signal bounds every hop: connections, headers and bodies.
  const signal = AbortSignal.timeout(opts.timeoutMs);
  const resolve = opts.resolve ?? systemResolve;
  const lookup = opts.publicOnly ? publicLookup(() => failure('calendar_address_blocked'), resolve) : undefined;
  const home = new URL(url);
  let target = home;
  for (let hop = 0; ; hop++) {
    if (opts.publicOnly && plainlyInternal(target.hostname)) throw failure('calendar_address_blocked');
    const res = await get(target, signal, lookup).catch((error: { code?: string; name?: string }) => {
      // node:http reports the abort of the shared signal as AbortError: the download ran out of time.
      throw error?.name === 'AbortError' && signal.aborted ? failure('calendar_timeout') : error;
    });
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (!location) {
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw failure(`calendar_http_${res.status}`);
      }
      const body = await readCappedBody(res, FEED_MAX_BYTES).catch((error: { name?: string }) => {
        throw signal.aborted ? failure('calendar_timeout') : error;
      });
      if (!body) throw failure('calendar_too_large');
      return body.toString('utf8');
    }
    await res.body?.cancel().catch(() => {});
    if (hop >= MAX_REDIRECTS) throw failure('calendar_too_many_redirects');
    const next = new URL(location, target);
    if (!['http:', 'https:'].includes(next.protocol)) throw failure('calendar_redirect_blocked');
    // Off the configured host, the same blocklist in either mode (publicOnly also judges at connect time).
    if (next.hostname !== home.hostname && (await resolvesInternally(next.hostname, resolve))) throw failure('calendar_redirect_blocked');
    target = next;
  }
}
