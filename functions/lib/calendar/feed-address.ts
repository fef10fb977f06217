// Which calendar feed addresses the team may set (Equipe's 'feed', `npm run consultants -- feed`).
// Outside local use (integrations' `local`: CONTEXT=dev or NETLIFY_DEV) only https:// or webcal://, and
// never a loopback, private or link-local literal (the webhook guard's isPublicAddress), localhost or a
// single-label name: the sync fetches the feed from the functions and Equipe shows how that went (an
// HTTP status included), so an internal address would make the field a window on the functions' network
// (169.254.169.254, 127.0.0.1). Issue #36 L7.
import { isIP } from 'node:net';
import { isPublicAddress } from '../integrations/http';
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
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const internal = (isIP(host) !== 0 && !isPublicAddress(host)) || host === 'localhost' || host.endsWith('.localhost') || !host.includes('.');
  if (!opts.localUse && internal) return { refused: 'internal' };
  return { url: url.href };
}
