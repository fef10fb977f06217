// After `astro build`: puts the editor's code in dist/admin/ (Sveltia CMS, pinned in package.json, copied
// from node_modules: no CDN) and, on Netlify, names the linked GitHub repository in dist/admin/config.yml.
// public/admin/ (index.html and config.yml, generated from the schemas) is already there, copied by Astro.
import { cp, readFile, writeFile } from 'node:fs/promises';
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
export function selfHostLocales(code) {
  const found = code.match(/`\$\{\w+\}@\$\{\w+\}\/locales`/g) ?? [];
  if (found.length !== 1) throw new Error(`cms-admin: expected one locales address in the Sveltia bundle, found ${found.length}`);
  return code.replace(found[0], '`/admin/locales`');
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

/** The Sveltia CMS browser bundle as the package ships it. */
export const sveltiaBundle = () => readFile(join(packageDir, 'dist/sveltia-cms.js'), 'utf8');

if (import.meta.url === `file://${process.argv[1]}`) {
  const bundle = await sveltiaBundle();
  const { code, files: fonts } = selfHostFonts(selfHostLocales(bundle));
  await writeFile(join(dist, 'admin/sveltia-cms.js'), code);
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
