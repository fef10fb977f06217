// The one home of "is this address public?" for every request the functions make to an address someone
// typed: the integrations' webhook (integrations/http.ts) and consultants' calendar feeds (calendar/). A
// name is judged by what it resolves to at connect time (publicLookup, the `lookup` hook of node:http(s)),
// so a DNS answer that changes between a check and the connection (rebinding) is still judged; a literal
// address never reaches the hook and is judged by isPublicAddress before the request.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Not public: loopback, private, link-local (cloud metadata), CGNAT, multicast, reserved, benchmarking
 * (198.18/15), IETF protocol assignments (192.0.0/24), documentation and unspecified ranges. Two lists,
 * each checked only with addresses of its own family (Node's BlockList matches every IPv4 address against
 * an IPv4-mapped IPv6 rule).
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

/** True only for an IP address outside every range above; a name or anything else is not public. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !notPublicV4.check(address, 'ipv4');
  if (family === 6) return !notPublicV6.check(address, 'ipv6');
  return false;
}

/**
 * A URL's host as a resolver sees it: without IPv6 brackets, lower case, without the trailing dot of a
 * fully qualified name ("localhost." is localhost: name rules would otherwise miss it).
 */
export function bareHost(hostname: string): string {
  let host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  while (host.endsWith('.')) host = host.slice(0, -1);
  return host;
}

/**
 * Names that never lead to the public internet whatever a resolver says: localhost and the special-use or
 * internal suffixes (RFC 6761/6762/8375; metadata.google.internal; localhost.localdomain). A single label
 * ("intranet") is a local search-domain name. Literal addresses are isPublicAddress's.
 */
export function isInternalName(hostname: string): boolean {
  const host = bareHost(hostname);
  if (isIP(host)) return false;
  return !host.includes('.') || /(^|\.)(localhost|localdomain|local|internal|intranet|lan|arpa)$/.test(host);
}

/** How a name is resolved: node's dns.lookup by default; tests inject a resolver of their own. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;
export const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * A `lookup` for node:http(s) that resolves as usual, then keeps only the public answers; none left is
 * `refuse()`'s error (each caller names it in its own words). Connecting only to a checked answer is what
 * closes rebinding: the address used is the address judged.
 */
export function publicLookup(refuse: () => Error, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then((addresses) => {
      const allowed = addresses.filter((a) => isPublicAddress(a.address));
      if (allowed.length === 0) return callback(refuse() as NodeJS.ErrnoException, '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    }, (error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
}
