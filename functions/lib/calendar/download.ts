// Fetches a calendar feed within bounds: one timeout for connection, headers and body; the byte cap
// counted while the body streams in (a feed that never ends costs at most FEED_MAX_BYTES of memory and
// is cancelled at the cap); and redirects followed by hand, at most MAX_REDIRECTS, never to an internal
// address on another host than the one the mentor configured (a public calendar server must not steer
// the functions to 169.254.169.254 or localhost). The configured host itself is trusted: the mentor
// typed it, and tests and intranet calendars live on private addresses. The check resolves the name and
// then fetch resolves it again, so a DNS answer that changes in between (rebinding) is not covered.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { readCappedBody } from '../http';

/** Feeds bigger than this are refused (a calendar of busy times is a few hundred KB at most). */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

const failure = (code: string) => Object.assign(new Error(code), { code });

const internal = new BlockList();
for (const [net, bits] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.168.0.0', 16]] as const) {
  internal.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10]] as const) internal.addSubnet(net, bits, 'ipv6');

/** Loopback, private, link-local, CGNAT, unique-local or unspecified (BlockList checks IPv4-mapped IPv6 against the IPv4 ranges). */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  return family === 0 || internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

async function resolvesInternally(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isInternalAddress(host);
  const addresses = await lookup(host, { all: true }).catch(() => []);
  return addresses.length === 0 || addresses.some((a) => isInternalAddress(a.address));
}

export async function downloadFeed(url: string, doFetch: typeof fetch, timeoutMs: number): Promise<string> {
  // One signal bounds every hop: connections, headers and bodies.
  const signal = AbortSignal.timeout(timeoutMs);
  const home = new URL(url);
  let target = home;
  for (let hop = 0; ; hop++) {
    const res = await doFetch(target, { signal, redirect: 'manual', headers: { accept: 'text/calendar' } });
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (!location) {
      if (!res.ok) {
        await res.body?.cancel().catch(() => {});
        throw failure(`calendar_http_${res.status}`);
      }
      const body = await readCappedBody(res, FEED_MAX_BYTES);
      if (!body) throw failure('calendar_too_large');
      return body.toString('utf8');
    }
    await res.body?.cancel().catch(() => {});
    if (hop >= MAX_REDIRECTS) throw failure('calendar_too_many_redirects');
    const next = new URL(location, target);
    if (!['http:', 'https:'].includes(next.protocol)) throw failure('calendar_redirect_blocked');
    if (next.hostname !== home.hostname && (await resolvesInternally(next.hostname))) throw failure('calendar_redirect_blocked');
    target = next;
  }
}
