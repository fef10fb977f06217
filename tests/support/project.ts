// Copies of the project in a temp dir, for tests that must build a variant (broken content, PUBLIC_GTM_ID…).
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const projectRoot = new URL('../../', import.meta.url).pathname;

/**
 * Copies sources and config into a fresh temp dir. Packages are linked one by one, not copied; node_modules's
 * dot folders (but .bin) stay out: they are caches, and Astro's build keeps the content layer's data store in
 * node_modules/.astro. With the whole folder linked, every copy and the project shared one store, the one state
 * builds of different content had in common, when a fresh clone's copy with a new contact address (27 Nov) built every page
 * with the address its content no longer had.
 */
export async function copyProject(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  for (const entry of ['src', 'content', 'public', 'scripts', 'functions', 'supabase', 'astro.config.mjs', 'tsconfig.json', 'package.json', 'netlify.toml']) {
    await cp(join(projectRoot, entry), join(dir, entry), { recursive: true });
  }
  await mkdir(join(dir, 'node_modules'));
  for (const entry of await readdir(join(projectRoot, 'node_modules'))) {
    if (entry.startsWith('.') && entry !== '.bin') continue;
    await symlink(join(projectRoot, 'node_modules', entry), join(dir, 'node_modules', entry));
  }
  return dir;
}

/**
 * Runs `astro sync` in `dir`: the content layer's load and schema check, which is the first step of
 * `astro build` (astro/dist/core/build: syncInternal before any page is rendered), so a content mistake that
 * fails here fails the build with the same message, at a tenth of a build's CPU (4.7 s of user time against
 * a build's ~50 s, measured on the 2-core machine). Rejects on failure.
 */
export async function syncProject(dir: string) {
  const options = { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 16 * 1024 * 1024 };
  const astro = await run(process.execPath, [join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'sync'], options);
  return astro.stdout;
}

/** Runs the production build (astro build + CSP headers) in `dir`; resolves with its output, rejects on failure. */
export async function buildProject(dir: string, env: Record<string, string> = {}) {
  const options = { cwd: dir, env: { ...process.env, NO_COLOR: '1', ...env }, maxBuffer: 16 * 1024 * 1024 };
  const astro = await run(process.execPath, [join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'build'], options);
  const csp = await run(process.execPath, [join(dir, 'scripts/build/csp-headers.mjs')], options);
  return `${astro.stdout}\n${csp.stdout}`;
}
