// Registers client:painted (painted-directive.mjs) with Astro.
import { fileURLToPath } from 'node:url';

export default function clientPainted() {
  return {
    name: 'client-painted',
    hooks: {
      // A path, not a file: URL: Astro hands the entrypoint to esbuild, which resolves paths only.
      'astro:config:setup': ({ addClientDirective }) => addClientDirective({ name: 'painted', entrypoint: fileURLToPath(new URL('./painted-directive.mjs', import.meta.url)) }),
    },
  };
}
