// Files the mentor uploads in /admin/ (Sveltia CMS): their own folder, never the site's root (where _headers
// and _redirects live), images only, within a size limit. UPLOADS is the one home of these rules: the editor's
// configuration takes the folder and the limit from it (src/cms/config.ts), and after `astro build` this
// script publishes from dist/uploads/ only the files that are images within the limit. It removes any other
// file with a line in the build log instead of failing the build: an upload that nothing on the site uses
// must not keep every later edit off the site.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const UPLOADS = {
  /** In the repository; Astro copies public/ to dist/ as is. */
  folder: 'public/uploads',
  /** On the site. */
  publicPath: '/uploads',
  /** 1 MB: enough for a photo on a web page; the editor refuses a bigger file before uploading it. */
  maxBytes: 1024 * 1024,
};

/**
 * Raster images by extension, each with how its first bytes look (a renamed HTML or PDF is not an image).
 * No SVG: it can carry scripts, and the site serves it from its own origin.
 */
const SIGNATURES = {
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  gif: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  webp: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  avif: (b) => b.subarray(4, 12).toString('latin1') === 'ftypavif',
};
SIGNATURES.jpeg = SIGNATURES.jpg;

/** The extensions the editor accepts, as the file picker's `accept` list. */
export const IMAGE_EXTENSIONS = Object.keys(SIGNATURES);

/** Why a file may not be published from the uploads folder, or null when it may. */
export function uploadProblem(name, bytes) {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1].toLowerCase();
  const looksRight = extension && SIGNATURES[extension];
  if (!looksRight || !looksRight(bytes)) return `not an image (${IMAGE_EXTENSIONS.join(', ')})`;
  if (bytes.length > UPLOADS.maxBytes) return `larger than ${UPLOADS.maxBytes} bytes`;
  return null;
}

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
