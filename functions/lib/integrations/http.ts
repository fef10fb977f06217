// One outgoing POST for the integrations, on node:http(s) rather than fetch: the DNS answer is checked
// at connect time (the `lookup` hook), so a name that resolves to a private address is refused even when
// it changes between checks (DNS rebinding), and a redirect is never followed (3xx is an answer).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** How much of an answer is read: RD's errors and an event_uuid fit well within it. */
const MAX_BODY = 8192;

export type HttpAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };
/** A request that got no HTTP answer: `code` names why (never the URL, which may carry a key). */
export class DeliveryError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/**
 * Not public: loopback, private, link-local (cloud metadata), CGNAT, multicast, reserved, documentation and
 * unspecified ranges. Two lists, each checked only with addresses of its own family (Node's BlockList
 * matches every IPv4 address against an IPv4-mapped IPv6 rule).
 */
const notPublicV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) notPublicV4.addSubnet(net, prefix, 'ipv4');
const notPublicV6 = new BlockList();
for (const [net, prefix] of [
  // Unspecified, loopback, and every form that carries an IPv4 address inside (IPv4-compatible, IPv4-mapped,
  // SIIT, NAT64, 6to4, Teredo): refused whole rather than judged by the IPv4 address they carry.
  ['::', 128], ['::1', 128], ['::', 96], ['::ffff:0:0', 96], ['::ffff:0:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48],
  ['2002::', 16], ['2001::', 32], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) notPublicV6.addSubnet(net, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublicV4.check(address, 'ipv4');
  if (family === 6) return !notPublicV6.check(address, 'ipv6');
  return false;
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
      ...(opts.publicOnly ? { lookup: publicLookup } : {}),
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
