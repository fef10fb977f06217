// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import netlify from '@netlify/vite-plugin';
import interactionDirective from './src/integrations/interaction-directive.mjs';
import localFunctions from './src/integrations/local-functions.mjs';

// The public origin is used for canonical URLs, Open Graph and the sitemap.
const site = process.env.SITE_URL ?? process.env.URL ?? 'https://mentor-solar.netlify.app';

export default defineConfig({
  site,
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [react(), sitemap({ filter: (page) => !page.includes('/404') }), interactionDirective()],
  vite: {
    // `astro dev` only: Netlify's emulation for headers and redirects; functions run from Vite's graph.
    plugins: [tailwindcss(), localFunctions(), netlify({ functions: { enabled: false }, edgeFunctions: { enabled: false } })],
  },
});
