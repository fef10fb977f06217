// One outgoing POST for the integrations, on node:http(s) rather than fetch: the DNS answer is checked
// at connect time (the `lookup` hook), so a name that resolves to a private address is refused even when
// it changes between checks (DNS rebinding), and a redirect is never followed (3xx is an answer).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };
/** A request that got no HTTP answer: `code` names why (never the URL, which may carry a key). */
export class DeliveryError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** Loopback, private, link-local (cloud metadata), CGNAT, multicast, reserved and unspecified ranges. */
const notPublic = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) notPublic.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // (IPv4-mapped ::ffff:0:0/96 is not listed: BlockList checks every IPv4 address against it. Such an
  // address is judged by the IPv4 address it carries, below.)
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) notPublic.addSubnet(net, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // An IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  if (mapped) return !notPublic.check(mapped, 'ipv4');
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Resolves as usual, then refuses every answer that is not a public address. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const allowed = addresses.filter((a) => isPublicAddress(a.address));
    if (allowed.length === 0) return callback(new DeliveryError('address_not_allowed') as NodeJS.ErrnoException, '', 0);
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0].address, allowed[0].family);
  });
};

/**
 * publicOnly: https only, and every address it connects to must be public (outside local use).
 * The answer's body is read up to 8 KB (RD's errors, an event_uuid); the rest is dropped.
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
      timeout: opts.timeoutMs,
      ...(opts.publicOnly ? { lookup: publicLookup } : {}),
    }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < 8192) chunks.push(chunk.subarray(0, 8192 - size));
        size += chunk.length;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', () => reject(new DeliveryError('network_error')));
    });
    request.on('timeout', () => request.destroy(new DeliveryError('timeout')));
    request.on('error', (error) => reject(error instanceof DeliveryError ? error : new DeliveryError(networkCode(error))));
    request.end(body);
  });
}

function networkCode(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && /^[A-Z_]{2,40}$/.test(code) ? code.toLowerCase() : 'network_error';
}
