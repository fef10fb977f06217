// Where a content file the functions read at run time is (content/*.yaml, the policy's front matter): shipped
// beside the code through netlify.toml's included_files. Apart from content-files.ts, whose checks load the
// build's schemas (classic zod and every page's schema), so that routing-rules.ts can find its seed file
// without building them at import (docs/operations.md "Cold start").
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A content file the functions need that is missing or breaks its schema. */
export class ContentFileError extends Error {
  override name = 'ContentFileError';
}

/** `relative` found walking up from this module (source or bundle) and from the cwd. */
export function findContentFile(relative: string): string {
  for (const start of [dirname(fileURLToPath(import.meta.url)), process.cwd()]) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      if (existsSync(join(dir, relative))) return join(dir, relative);
      if (dirname(dir) === dir) break;
    }
  }
  throw new ContentFileError(`${relative} not found: ship it with the functions (netlify.toml [functions] included_files)`);
}
