// `import url from 'lazy-chunk:/src/x.tsx'` gives the built URL of x as its own chunk, to be loaded later
// with a plain `import(url)`. Unlike a literal `import('./x')`, this adds no module-preload helper
// (~0.9 KB) to the page that holds the loader. In dev the module's own URL is used.
// `deps` (named export): the URLs of every chunk x imports statically, at any depth, so a loader that knows it
// will need x soon can fetch them all at once (modulepreload) instead of one level per round trip. Filled in
// when the chunks are rendered (the graph is known then); [] in dev.
const PREFIX = 'lazy-chunk:';
const DEPS_MARK = '__lazyChunkDeps:';
const depsMark = new RegExp(`(["'\`])${DEPS_MARK}([^"'\`]+)\\1`, 'g');

export default function lazyChunkUrl() {
  let isBuild = false;
  return {
    name: 'lazy-chunk-url',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    resolveId(id) {
      if (id.startsWith(PREFIX)) return `\0${id}`;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return;
      const entry = id.slice(PREFIX.length + 1);
      if (!isBuild || this.environment?.name !== 'client') return `export default ${JSON.stringify(entry)}; export const deps = [];`;
      const ref = this.emitFile({ type: 'chunk', id: entry });
      // A string the render below replaces with the URLs, space-separated (the site's base is /).
      return `export default import.meta.ROLLUP_FILE_URL_${ref}; export const deps = ${JSON.stringify(DEPS_MARK + entry)}.split(' ');`;
    },
    renderChunk(code, _chunk, _outputOptions, meta) {
      if (!code.includes(DEPS_MARK)) return null;
      return code.replace(depsMark, (_, quote, entry) => {
        const target = Object.values(meta.chunks).find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(entry));
        const found = new Set();
        const walk = (fileName) => {
          for (const dep of meta.chunks[fileName]?.imports ?? []) {
            if (found.has(dep)) continue;
            found.add(dep);
            walk(dep);
          }
        };
        if (target) walk(target.fileName);
        return `${quote}${[...found].map((f) => `/${f}`).join(' ')}${quote}`;
      });
    },
  };
}
