// After `astro build`: publishes from dist/uploads/ only the files the uploads rule accepts (images within the
// size limit; the rule's one home is src/cms/uploads.ts, which the editor's configuration also reads). It
// removes any other file with a line in the build log instead of failing the build: an upload that nothing on
// the site uses must not keep every later edit off the site.
//   node scripts/build/uploads.mjs [dist folder, relative to the working directory]
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTs } from '../server/functions-host.mjs';

/** The rule is TypeScript (src/ imports nothing from scripts/, so it lives there): loaded through importTs. */
export const { UPLOADS, uploadProblem } = await importTs('uploads', ["export { UPLOADS, uploadProblem } from './src/cms/uploads.ts';"]);

/** Removes from `dir` (dist/uploads) every file uploadProblem refuses, recursively; returns what it removed and why. */
export async function publishUploads(dir) {
  const removed = [];
  let names;
  try {
    names = await readdir(dir, { recursive: true });
  } catch (error) {
    if (error.code === 'ENOENT') return removed;
    throw error;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (!(await stat(path)).isFile()) continue;
    const problem = uploadProblem(name, await readFile(path));
    if (problem) {
      await rm(path);
      removed.push(`${name}: ${problem}`);
    }
  }
  return removed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2] ? join(process.cwd(), process.argv[2]) : fileURLToPath(new URL('../../dist/', import.meta.url));
  const removed = await publishUploads(join(dist, UPLOADS.publicPath));
  for (const line of removed) console.warn(`uploads: not published: ${UPLOADS.folder}/${line}`);
}
