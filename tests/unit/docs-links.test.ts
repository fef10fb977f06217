// The README is a map: every relative link and image in README.md and docs/**/*.md resolves to a file, and
// every #anchor to a heading of its target (GitHub's slugs: lower case, punctuation dropped, spaces to
// hyphens). A moved section or a renamed heading breaks the map here, not for a reader.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = process.cwd();
const withoutCode = (text: string) => text.replace(/```[\s\S]*?```/g, '');
const slug = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

function markdownFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of withoutCode(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const s = slug(m[1]);
    const n = seen.get(s) ?? 0;
    out.add(n ? `${s}-${n}` : s);
    seen.set(s, n + 1);
  }
  return out;
}

it('every relative link in README.md and docs/ resolves, anchors included', () => {
  const files = ['README.md', ...markdownFiles('docs')];
  const broken: string[] = [];
  let links = 0;
  for (const file of files) {
    for (const m of withoutCode(readFileSync(join(ROOT, file), 'utf8')).matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)) {
      const href = m[1];
      if (/^[a-z]+:/i.test(href)) continue;
      links++;
      const [path, anchor] = href.split('#');
      const target = path ? resolve(ROOT, dirname(file), path) : resolve(ROOT, file);
      if (!existsSync(target)) broken.push(`${file}: ${href} (no such file)`);
      else if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor)) broken.push(`${file}: ${href} (no such heading)`);
    }
  }
  expect(links).toBeGreaterThan(50);
  expect(broken).toEqual([]);
  expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(200);
});
