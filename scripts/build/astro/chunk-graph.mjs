// Writes the client build's chunk graph (each chunk's static and dynamic imports and modules, and the chunk each source
// module became) to node_modules/.astro/client-chunks.json, for build steps that run after `astro build` and need
// to know which files a page will import (scripts/build/painel-early-start.mjs). Not in dist/: nothing a
// browser needs.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';

export const CHUNK_GRAPH = 'node_modules/.astro/client-chunks.json';

export default function chunkGraph() {
  let root = process.cwd();
  let isBuild = false;
  return {
    name: 'chunk-graph',
    configResolved(config) {
      root = config.root;
      isBuild = config.command === 'build';
    },
    async generateBundle(_options, bundle) {
      if (!isBuild || this.environment?.name !== 'client') return;
      const imports = {};
      const dynamicImports = {};
      const sources = {};
      const modules = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        imports[chunk.fileName] = chunk.imports;
        dynamicImports[chunk.fileName] = chunk.dynamicImports;
        modules[chunk.fileName] = chunk.moduleIds.filter((id) => !id.startsWith('\0')).map((id) => relative(root, id).replaceAll('\\', '/'));
        if (chunk.facadeModuleId && !chunk.facadeModuleId.startsWith('\0'))
          sources[`/${relative(root, chunk.facadeModuleId).replaceAll('\\', '/')}`] = chunk.fileName;
      }
      const file = join(root, CHUNK_GRAPH);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify({ imports, dynamicImports, sources, modules }));
    },
  };
}
