// Manage links: 256 random bits per token, base64url; the database keeps only the SHA-256, so a
// database leak opens no meeting, and a lost link is replaced by minting a new token.
import { createHash, randomBytes } from 'node:crypto';
import { managePagePath } from '../../../src/domain/manage';
import type { Actor, TokenRow } from '../store/port';

/** base64url of 32 bytes. */
const TOKEN_SOURCE = '[A-Za-z0-9_-]{43}';
export const TOKEN_PATTERN = new RegExp(`^${TOKEN_SOURCE}$`);

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function mintToken(actor: Actor): { token: string; row: TokenRow } {
  const token = randomBytes(32).toString('base64url');
  return { token, row: { hash: hashToken(token), actor } };
}

/** A manage link's token inside a text (group 1): what mail/secrets.ts keeps out of stored bodies. */
export const TOKEN_IN_LINK = new RegExp(`#t=(${TOKEN_SOURCE})(?![A-Za-z0-9_-])`, 'g');

/** The token rides in the fragment: browsers send it neither to the server (logs) nor in a Referer. */
export function manageUrl(siteUrl: string, token: string): string {
  return `${siteUrl}${managePagePath}#t=${token}`;
}

/** SHA-256 (hex) of a request's canonical fields, stored beside its idempotency key. */
export function fingerprint(fields: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(fields), 'utf8').digest('hex');
}
