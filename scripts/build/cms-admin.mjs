// After `astro build`: puts the editor's code in dist/admin/ (Sveltia CMS, pinned in package.json, copied
// from node_modules: no CDN) and, on Netlify, names the linked GitHub repository in dist/admin/config.yml.
// public/admin/ (index.html and config.yml, generated from the schemas) is already there, copied by Astro.
import { cp, open, readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = process.argv[2] ? join(process.cwd(), process.argv[2]) : fileURLToPath(new URL('../../dist/', import.meta.url));
const require = createRequire(import.meta.url);
// The package exports only its npm entry (npm/index.js); the browser bundle and the UI strings sit beside it.
const packageDir = join(dirname(require.resolve('@sveltia/cms')), '..');

/**
 * The bundle fetches its UI strings for any language but English from unpkg.com (`${base}@${version}/locales`).
 * They ship in the same package: served from /admin/locales/, the pt-BR interface needs no CDN and the
 * editor's CSP allows none. Exactly one such address must be found, or the build stops (a new Sveltia
 * version that moved it must be looked at, not silently served half in English).
 */
export const selfHostLocales = (code) => patchOnce(code, /`\$\{\w+\}@\$\{\w+\}\/locales`/g, '`/admin/locales`', 'locales address');

/** Replaces the one match of `pattern` (global) in the bundle; none or several stop the build, naming `what`. */
function patchOnce(code, pattern, replacement, what) {
  const found = code.match(pattern) ?? [];
  if (found.length !== 1) throw new Error(`cms-admin: expected one ${what} in the Sveltia bundle, found ${found.length}`);
  return code.replace(found[0], replacement);
}

/** Where the editor asks which Sveltia version is newest: here, and the answer is the pinned one. */
export const VERSION_FILE = 'sveltia-version.json';

/**
 * Two more changes to the bundle, each to one exact spot:
 * - its hourly "is there a newer Sveltia?" check asks unpkg.com; it asks /admin/ instead, which answers the pinned
 *   version (package.json decides the version, not the CDN), so the CSP refuses nothing and the console stays clean;
 * - it sets `maximum-scale=1` in the viewport, which stops zooming on a phone (WCAG 1.4.4): the rest of its
 *   viewport (`width=device-width`, `initial-scale=1`, `interactive-widget=resizes-content`) stays.
 */
export function adaptBundle(code) {
  const noUpdateCheck = patchOnce(code, /`\$\{\w+\}\/package\.json`/g, `\`/admin/${VERSION_FILE}\``, 'version-check address');
  return patchOnce(noUpdateCheck, /`maximum-scale=1`,/g, '', 'viewport maximum-scale');
}

const FONT_URL = /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([\w-]+?)(:vf)?@[\d.]+\/([\w-]+\.woff2)/g;

/**
 * The bundle's three fonts (interface text, code, icons) come from cdn.jsdelivr.net. The same files ship in
 * the Fontsource packages pinned in package.json: they are copied to /admin/fonts/ and the bundle points there.
 * Returns the patched code and the files to copy; a font without a pinned package stops the build.
 */
export function selfHostFonts(code) {
  const files = new Map();
  const patched = code.replace(FONT_URL, (_, name, variable, file) => {
    const local = `${name}-${file}`;
    files.set(local, `${variable ? '@fontsource-variable' : '@fontsource'}/${name}/files/${local}`);
    return `/admin/fonts/${local}`;
  });
  if (patched.includes('cdn.jsdelivr.net')) throw new Error('cms-admin: the Sveltia bundle loads something else from cdn.jsdelivr.net');
  return { code: patched, files };
}

/** `owner/name` of a GitHub repository URL (Netlify's REPOSITORY_URL: https://github.com/owner/name or git@github.com:owner/name). */
export function githubRepository(url) {
  return /github\.com[/:]([\w.-]+\/[\w.-]+?)(?:\.git)?\/?$/.exec(url ?? '')?.[1];
}

/** Image files by their first bytes: PNG, JPEG, GIF, WebP, AVIF. (No SVG: it can carry script.) */
const IMAGE_MAGIC = [
  (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')),
  (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  (b) => b.subarray(4, 8).toString('latin1') === 'ftyp' && /^avi[fs]/.test(b.subarray(8, 12).toString('latin1')),
];
const IMAGE_NAME = /\.(png|jpe?g|gif|webp|avif)$/i;

/**
 * The editor's upload folder (public/uploads, src/cms/config.ts) holds images only: any other file (an
 * .html, an .svg, a _headers) stops the build, named. Checked by name and by content. Returns the count.
 */
export async function checkUploads(folder) {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  let images = 0;
  for (const entry of entries) {
    const path = join(entry.parentPath ?? entry.path, entry.name);
    if (entry.isDirectory()) continue;
    const head = Buffer.alloc(16);
    const handle = await open(path);
    try {
      await handle.read(head, 0, 16, 0);
    } finally {
      await handle.close();
    }
    if (!entry.isFile() || !IMAGE_NAME.test(entry.name) || !IMAGE_MAGIC.some((is) => is(head))) {
      throw new Error(`cms-admin: public/uploads holds a file that is not an image: ${entry.name}`);
    }
    images++;
  }
  return images;
}

/** The Sveltia CMS browser bundle as the package ships it. */
export const sveltiaBundle = () => readFile(join(packageDir, 'dist/sveltia-cms.js'), 'utf8');

if (import.meta.url === `file://${process.argv[1]}`) {
  await checkUploads(fileURLToPath(new URL('../../public/uploads/', import.meta.url)));
  const bundle = await sveltiaBundle();
  const { code, files: fonts } = selfHostFonts(adaptBundle(selfHostLocales(bundle)));
  await writeFile(join(dist, 'admin/sveltia-cms.js'), code);
  // For the browser's developer tools only (columns on the few patched lines are a little off).
  await cp(join(packageDir, 'dist/sveltia-cms.js.map'), join(dist, 'admin/sveltia-cms.js.map'));
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
  await writeFile(join(dist, 'admin', VERSION_FILE), `${JSON.stringify({ version })}\n`);
  await cp(join(packageDir, 'locales'), join(dist, 'admin/locales'), { recursive: true });
  for (const [local, from] of fonts) await cp(join(packageDir, '..', '..', from), join(dist, 'admin/fonts', local));

  const repository = githubRepository(process.env.REPOSITORY_URL);
  if (repository) {
    const path = join(dist, 'admin/config.yml');
    const config = await readFile(path, 'utf8');
    await writeFile(path, config.replace(/^( {2}repo: ).*$/m, `$1${repository}`));
  }
  console.log(`dist/admin: Sveltia CMS copied${repository ? `, repository ${repository}` : ' (no REPOSITORY_URL: local repository only)'}`);
}
