// The house drawing: modules import along the tiers, never back up, and never in a circle. A circle (even of
// types only) means two modules that cannot be read, tested or moved apart; an arrow back up (the domain
// importing a handler, a page's island importing server code) drags server code into the browser.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const FOLDERS = ['src', 'functions', 'scripts'];
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js', '.astro'];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return EXTENSIONS.some((e) => name.endsWith(e)) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Resolves a relative specifier the way the bundler does (extension and index optional). */
function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, `index${e}`))]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function graph(): Map<string, string[]> {
  const files = FOLDERS.flatMap((f) => walk(join(ROOT, f)));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((m) => resolveImport(file, m[1] ?? m[2])).filter((t): t is string => t !== null);
    edges.set(relative(ROOT, file), [...new Set(targets.map((t) => relative(ROOT, t)))]);
  }
  return edges;
}

/** Strongly connected components of more than one module (Tarjan), or a module that imports itself. */
function circles(edges: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return found;
}

describe('the house drawing', () => {
  const edges = graph();

  it('has no circles of imports', () => {
    expect(edges.size).toBeGreaterThan(100);
    expect(circles(edges)).toEqual([]);
  });

  it('has no arrows back up: the domain imports only the domain, the browser never imports server code, src/ never the build tools', () => {
    const backUp = [...edges].flatMap(([from, targets]) =>
      targets
        .filter(
          (to) =>
            (from.startsWith('src/domain/') && !to.startsWith('src/domain/')) ||
            (from.startsWith('src/') && (to.startsWith('functions/') || to.startsWith('scripts/'))),
        )
        .map((to) => `${from} → ${to}`),
    );
    expect(backUp).toEqual([]);
  });
});
