// A lead's e-mail and phone as each ad platform matches them: normalised the platform's own way, then
// SHA-256 in lower-case hex. The platforms differ, and a number hashed without its country code matches
// nothing and raises no error, so each rule is written once here and checked against known vectors
// (hashed-contacts.test.ts: Meta's own examples, Brazilian numbers for both).
// - Google (Data Manager API and the offline-conversion file's hashed columns): e-mail trimmed and
//   lower-cased, and for gmail.com / googlemail.com only, the local part without dots and without a
//   "+suffix"; phone in E.164 WITH the '+' ('+5511987654321').
// - Meta (Conversions API `em`, `ph`): e-mail trimmed and lower-cased, nothing else; phone as digits with
//   the country code and WITHOUT '+' ('5511987654321').
// Leads store a Brazilian phone as its 10–11 national digits and a foreign one in E.164 (src/domain/phone.ts).
import { createHash } from 'node:crypto';

export type AdPlatform = 'google' | 'meta';

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const GOOGLE_MAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** The e-mail as the platform normalises it before hashing; null when it is not an address. */
export function normalizedEmail(platform: AdPlatform, email: string): string | null {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 1 || at === address.length - 1) return null;
  if (platform === 'meta') return address;
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (!GOOGLE_MAIL_DOMAINS.has(domain)) return address;
  const plain = local.split('+', 1)[0].replace(/\./g, '');
  return plain ? `${plain}@${domain}` : null;
}

/**
 * The stored phone in E.164 ('+5511987654321'): a Brazilian one (10 or 11 national digits) gets +55, a
 * foreign one is already stored so. Null for anything else (nothing to match by).
 */
export function e164(storedPhone: string): string | null {
  const phone = storedPhone.trim();
  if (phone.startsWith('+')) return /^\+[1-9]\d{7,14}$/.test(phone) ? phone : null;
  const digits = phone.replace(/\D/g, '');
  // An area code (DDD) is 11–99: two digits, neither 0.
  return /^[1-9]{2}\d{8,9}$/.test(digits) ? `+55${digits}` : null;
}

/** The phone as the platform normalises it before hashing: Google keeps E.164's '+', Meta drops it. */
export function normalizedPhone(platform: AdPlatform, storedPhone: string): string | null {
  const international = e164(storedPhone);
  if (!international) return null;
  return platform === 'google' ? international : international.slice(1);
}

/** The lead's hashed contacts for one platform; a contact that cannot be normalised is left out. */
export function hashedContacts(platform: AdPlatform, lead: { email: string; telefone: string }): { email?: string; phone?: string } {
  const email = normalizedEmail(platform, lead.email);
  const phone = normalizedPhone(platform, lead.telefone);
  return { ...(email ? { email: sha256Hex(email) } : {}), ...(phone ? { phone: sha256Hex(phone) } : {}) };
}
