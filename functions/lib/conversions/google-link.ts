// The secret link a Google Ads account fetches its offline-conversion files from (Google's scheduled
// import takes a plain URL: no header, no sign-in), so the token travels in the path, as the agenda's does:
// 256 random bits, stored only as its SHA-256 (looked up by hash: a guess costs a full hash, and nothing in
// the answer's timing says how close it came), shown once when made, and replaced by "Gerar novo link".
// The functions never log a request's address (http.ts logs a function name and an error code only).
import { randomBytes } from 'node:crypto';
import { withoutTrailingSlashes } from '../base-url';
import { sha256Hex } from './hashed-contacts';

export const GOOGLE_FILE_PATH = '/api/google-ads/conversoes';
/** The two files behind one link: by click id and by hashed contact (google-file.ts). */
export const GOOGLE_FILES = { 'cliques.csv': 'click', 'contatos.csv': 'contact' } as const;
export type GoogleFileName = keyof typeof GOOGLE_FILES;

export function newGoogleFileToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Shape of a token newGoogleFileToken makes (43 base64url characters); anything else is not looked up. */
export function isGoogleFileToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

export const googleFileTokenHash = (token: string) => sha256Hex(token);

export function isGoogleFileName(name: string): name is GoogleFileName {
  return Object.hasOwn(GOOGLE_FILES, name);
}

/** The file's address, as the mentor pastes it in Google Ads. */
export function googleFileUrl(siteUrl: string, token: string, file: GoogleFileName): string {
  return `${withoutTrailingSlashes(siteUrl)}${GOOGLE_FILE_PATH}/${token}/${file}`;
}
