// Which calendar feed addresses the team may set (Equipe's 'feed', Minha agenda, `npm run consultants --
// feed`). Outside local use (integrations' `local`: CONTEXT=dev or NETLIFY_DEV) only https:// or webcal://,
// and never a loopback, private or link-local literal, localhost, an internal name or a single label
// (lib/public-address.ts, the webhooks' guard): the sync fetches the feed from the functions and Equipe
// shows how that went (an HTTP status included), so an internal address would make the field a window on
// the functions' network (169.254.169.254, 127.0.0.1). Issue #36 L7. This is the form only: a name is
// judged by what it resolves to when the feed is fetched (download.ts). The trailing dot of a fully
// qualified name is dropped from the address kept ("localhost." is localhost).
import { isIP } from 'node:net';
import { bareHost, isInternalName, isPublicAddress } from '../public-address';
import { feedHttpUrl } from './sync';

export function feedAddress(value: string, opts: { maxLength: number; localUse: boolean }): { url: string } | { refused: 'invalid' | 'internal' } {
  if (value.length > opts.maxLength) return { refused: 'invalid' };
  let url: URL;
  try {
    url = new URL(feedHttpUrl(value));
  } catch {
    return { refused: 'invalid' };
  }
  if (!(opts.localUse ? ['https:', 'http:'] : ['https:']).includes(url.protocol) || !url.hostname) return { refused: 'invalid' };
  const host = bareHost(url.hostname);
  if (!host) return { refused: 'invalid' };
  if (url.hostname.endsWith('.')) url.hostname = host;
  const internal = isIP(host) !== 0 ? !isPublicAddress(host) : isInternalName(host);
  if (!opts.localUse && internal) return { refused: 'internal' };
  return { url: url.href };
}
