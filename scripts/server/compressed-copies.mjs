// Compressed copies of the site's static answers on disk, shared by every server process of a project.
// Each server compresses a body once (functions-host.mjs keeps its copies in memory), but every new process
// started over the same build compressed the same files again: brotli 9 of the site's ~70 scripts, stylesheets
// and pages cost a fresh server ~3 CPU-s on its first visits (a 200 KB script ~130 ms), and `npm test` starts
// about a dozen servers over one dist/ (the browser files' sites, the Lighthouse gate's). Netlify's CDN keeps
// what it compressed too. Only static answers are kept here: a function's answer is different bytes each time.
//
// A copy is named by its encoding and the SHA-256 of the uncompressed bytes, so it can only ever be the copy of
// those bytes: a rebuild that changes a file names a new copy, and no invalidation is needed. Written to a
// temporary name and renamed, so a server never reads another one's half-written copy. Copies not written for
// MAX_AGE_DAYS are removed when a server starts (a rebuild's old copies, a few MB a build).
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MAX_AGE_DAYS = 7;
const NAME = /^(br|gzip)-[A-Za-z0-9_-]{43}$/;

/** The store in `dir` (created on the first write). Its read and write never throw: a copy is only a saving. */
export function compressedCopies(dir, { now = Date.now() } = {}) {
  try {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      // Old copies, and temporary files a server left when it died mid-write (not one being written now).
      const age = now - statSync(file).mtimeMs;
      if (age > (NAME.test(name) ? MAX_AGE_DAYS * 86_400_000 : 60_000)) unlinkSync(file);
    }
  } catch {
    // No directory yet, or a file another server removed first.
  }
  const fileOf = (encoding, hash) => path.join(dir, `${encoding}-${hash}`);
  return {
    /** The copy of the bytes whose SHA-256 (base64url) is `hash` in `encoding`; null when there is none. */
    read(encoding, hash) {
      try {
        return readFileSync(fileOf(encoding, hash));
      } catch {
        return null;
      }
    },
    write(encoding, hash, body) {
      const file = fileOf(encoding, hash);
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        mkdirSync(dir, { recursive: true });
        writeFileSync(temporary, body);
        renameSync(temporary, file);
      } catch {
        // A read-only or full disk: this server still answers with the copy it keeps in memory.
      }
    },
  };
}
