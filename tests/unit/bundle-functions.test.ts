// Where `npm start` bundles the functions (scripts/server/bundle-functions.mjs): many sites start from one
// checkout at once in the tests, so a build in use is never rewritten, and concurrent starts share one.
import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleFunctions } from '../../scripts/server/bundle-functions.mjs';

const root = mkdtempSync(path.join(os.tmpdir(), 'bundle-functions-'));
afterAll(() => rm(root, { recursive: true, force: true }));

/** Two entry points sharing a module and a lazily imported one: the shapes of functions/ (shared and lazy chunks). */
async function sources(dir: string, word: string) {
  await mkdir(path.join(dir, 'lib'), { recursive: true });
  await writeFile(path.join(dir, 'lib/shared.ts'), `export const WORD: string = ${JSON.stringify(word)};\n`);
  await writeFile(path.join(dir, 'lib/lazy.ts'), `export const lazy = (): string => 'lazy';\n`);
  const entry = (name: string) => `import { WORD } from './lib/shared';\nexport const name = '${name}';\nexport async function run() { return WORD + (await import('./lib/lazy')).lazy(); }\n`;
  await writeFile(path.join(dir, 'a.ts'), entry('a'));
  await writeFile(path.join(dir, 'b.ts'), entry('b'));
  return [path.join(dir, 'a.ts'), path.join(dir, 'b.ts')];
}

/** Each file of a build: its name, inode and modification time (a rewrite changes one of them). */
async function fileIds(dir: string) {
  const names = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return Object.fromEntries(await Promise.all(names.map(async (n) => {
    const s = await stat(n);
    return [path.relative(dir, n), `${s.ino}:${s.mtimeMs}`] as const;
  })));
}

describe('bundleFunctions', () => {
  it('starts at the same time share one complete build that runs, with its chunks', async () => {
    const entries = await sources(path.join(root, 'src1'), 'one');
    const base = path.join(root, 'out1');
    const dirs = await Promise.all(Array.from({ length: 4 }, () => bundleFunctions(entries, base)));
    expect(new Set(dirs).size).toBe(1);
    const [dir] = dirs;
    expect((await readdir(dir)).some((name) => name.startsWith('chunk-'))).toBe(true);
    const a = await import(pathToFileURL(path.join(dir, 'a.mjs')).href);
    expect(await a.run()).toBe('onelazy');
    // Nothing left behind but the build itself.
    expect(await readdir(base)).toEqual([path.basename(dir)]);
  });

  it('never rewrites a build a server may be importing from; other code gets a directory of its own', async () => {
    const srcDir = path.join(root, 'src2');
    const entries = await sources(srcDir, 'two');
    const base = path.join(root, 'out2');
    const first = await bundleFunctions(entries, base);
    const before = await fileIds(first);
    expect(await bundleFunctions(entries, base)).toBe(first);
    expect(await fileIds(first)).toEqual(before);

    await sources(srcDir, 'changed');
    const second = await bundleFunctions(entries, base);
    expect(second).not.toBe(first);
    expect(await fileIds(first)).toEqual(before);
    expect(await (await import(pathToFileURL(path.join(second, 'b.mjs')).href)).run()).toBe('changedlazy');
    expect(await readFile(path.join(first, 'a.mjs'), 'utf8')).not.toContain('changed');
  });

  it('sweeps builds unused for a week, dead starts\' temp directories and files of the old flat layout', async () => {
    const entries = await sources(path.join(root, 'src3'), 'three');
    const base = path.join(root, 'out3');
    const [RECENT, OLD] = ['0123456789abcdef', 'fedcba9876543210'];
    await mkdir(path.join(base, 'lib/store'), { recursive: true });
    await mkdir(path.join(base, RECENT), { recursive: true });
    await mkdir(path.join(base, OLD), { recursive: true });
    await mkdir(path.join(base, 'x.tmp-99999999'), { recursive: true });
    await writeFile(path.join(base, 'chunk-OLDFLAT.mjs'), 'export {};\n');
    const longAgo = new Date(Date.now() - 8 * 24 * 3600_000);
    await utimes(path.join(base, OLD), longAgo, longAgo);
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    await utimes(path.join(base, 'x.tmp-99999999'), twoHoursAgo, twoHoursAgo);
    const dir = await bundleFunctions(entries, base);
    expect((await readdir(base)).sort()).toEqual([path.basename(dir), RECENT].sort());
  });
});
