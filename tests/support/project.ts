// Copies of the project in a temp dir, for tests that must build a variant (broken content, PUBLIC_GTM_ID…).
import { execFile } from 'node:child_process';
import { cp, mkdtemp, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const projectRoot = new URL('../../', import.meta.url).pathname;

/** Copies sources and config (node_modules is linked, not copied) into a fresh temp dir. */
export async function copyProject(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  for (const entry of ['src', 'content', 'public', 'scripts', 'functions', 'supabase', 'astro.config.mjs', 'tsconfig.json', 'package.json', 'netlify.toml']) {
    await cp(join(projectRoot, entry), join(dir, entry), { recursive: true });
  }
  await symlink(join(projectRoot, 'node_modules'), join(dir, 'node_modules'));
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
