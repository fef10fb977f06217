// Sign-in codes, session tokens and the console's cookie, after the Copenhagen Book: secrets from
// node:crypto's CSPRNG, only their SHA-256 stored, the session in a __Host- cookie (HttpOnly, Secure,
// SameSite=Strict, Path=/), and every request that changes something checked for its origin.
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** 32 symbols without 0/O, 1/I/L: a code read from a phone and typed elsewhere has nothing to confuse. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 8;
export const CODE_TTL_SECONDS = 10 * 60;
/**
 * Wrong tries one source (an IPv4, an IPv6 /56) gets at an address's codes within a code's life, then
 * refused until the oldest ages out. Wrong tries never count against the codes themselves: a stranger's
 * guesses from many networks cannot kill the code in the owner's mail. Guessing stays hopeless: 8 of 31
 * symbols is 8.5e11 codes; 1,000 networks at 30 failures an hour each try ~5,000 within a code's 10 minutes.
 * CODE_MAX_WRONG_TOTAL: kept for the stored procedure's signature; nothing increments a code's attempts.
 */
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_MAX_WRONG_TOTAL = 100;
/**
 * Codes asked per hour (any address, allowed or not; refused requests not counted): per address and
 * source, per source, and per address: one ceiling for networks the address signed in from in the last
 * KNOWN_NETWORK_DAYS, another for every other network, so strangers' requests can use up only the second
 * and the owner at home or at the office still gets a code. While a code mailed less than
 * CODE_RESEND_SECONDS ago is live, a request mails nothing new: at most 20 code mails an hour per address.
 */
export const CODES_PER_ADDRESS_AND_IP_PER_HOUR = 5;
export const CODES_PER_IP_PER_HOUR = 20;
export const CODES_PER_ADDRESS_PER_HOUR = 50;
export const CODE_RESEND_SECONDS = 180;
export const KNOWN_NETWORK_DAYS = 90;
/** Failed sign-ins per IP per hour before that IP is refused for the rest of the hour. */
export const FAILED_SIGN_INS_PER_IP_PER_HOUR = 30;

export const SESSION_IDLE_SECONDS = 12 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 7 * 24 * 3600;
export const SESSION_COOKIE = '__Host-painel';

export function newCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** What a person types back: case and spaces or dashes between groups do not matter. */
export function normalizeCode(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return code.length === CODE_LENGTH && [...code].every((ch) => CODE_ALPHABET.includes(ch)) ? code : null;
}

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** The stored form of a code: bound to its address, so a code of X never opens Y. */
export const codeHash = (email: string, code: string) => sha256Hex(`${email.trim().toLowerCase()}\n${code}`);

/** 24 random bytes (≥ 20), base64url: the cookie's value; only its SHA-256 is stored. */
export const newSessionToken = () => randomBytes(24).toString('base64url');

/** A keyed hash (HMAC-SHA-256) of an IP or an address: comparable in the log and the limits, not reversible. */
export const keyedHash = (key: Buffer, value: string) => createHmac('sha256', key).update(value).digest('hex');

/**
 * What the limits count as one client: an IPv4 address, or an IPv6 /56 (what a home or office line is
 * commonly given, every address of it theirs to take: counting each /64 would give one subscriber 256
 * fresh quotas, each address billions).
 */
export function clientNetwork(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return v4[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  const fourth = (groups[3] ?? '0').padStart(4, '0').slice(0, 2);
  return `${[...groups.slice(0, 3), `${fourth}00`].map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/56`;
}

export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${SESSION_ABSOLUTE_SECONDS}; HttpOnly; Secure; SameSite=Strict`;
}
export const clearedSessionCookie = `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`;

/** The session token in the request's cookies, if any (a well-formed one only). */
export function sessionToken(req: Request): string | null {
  const header = req.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === SESSION_COOKIE && /^[\w-]{32}$/.test(value)) return value;
  }
  return null;
}

/**
 * A request that changes something comes from the console's own pages: Sec-Fetch-Site same-origin when
 * the browser sends it, else an Origin equal to this site's. Neither: refused (a form or a script on
 * another site, or a client that says nothing).
 */
export function isSameOrigin(req: Request, siteUrl: string): boolean {
  const site = req.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = req.headers.get('origin');
  if (!origin) return false;
  return origin === new URL(req.url).origin || origin === new URL(siteUrl).origin;
}
