// `import url from 'lazy-chunk:/src/x.tsx'` gives the built URL of x as its own chunk, to be loaded later
// with a plain `import(url)`. Unlike a literal `import('./x')`, this adds no module-preload helper
// (~0.9 KB) to the page that holds the loader. In dev the module's own URL is used.
const PREFIX = 'lazy-chunk:';

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
      if (!isBuild || this.environment?.name !== 'client') return `export default ${JSON.stringify(entry)};`;
      const ref = this.emitFile({ type: 'chunk', id: entry });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}
