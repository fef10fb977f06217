// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import netlify from '@netlify/vite-plugin';
import localFunctions from './scripts/build/astro/local-functions.mjs';
import lazyChunkUrl from './scripts/build/astro/lazy-chunk-url.mjs';
import clientPainted from './scripts/build/astro/client-painted.mjs';
import chunkGraph from './scripts/build/astro/chunk-graph.mjs';
import painelChunks from './scripts/build/astro/painel-chunks.mjs';

// The public origin is used for canonical URLs, Open Graph and the sitemap.
const site = process.env.SITE_URL ?? process.env.URL ?? 'https://mentor-solar.netlify.app';

export default defineConfig({
  site,
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [
    react(),
    clientPainted(),
    // /reuniao holds a personal meeting behind a private link, /painel is the staff console behind a
    // sign-in: both noindex and out of the sitemap.
    sitemap({ filter: (page) => !page.includes('/404') && !page.includes('/reuniao') && !page.includes('/painel') }),
    {
      // No JS module-preload helper for lazy chunks: it would cost ~0.9 KB on every content page, where
      // the only lazy chunk is the header menu. CSS of lazy chunks still loads. (Astro sets its own value,
      // so this runs after it.)
      name: 'no-module-preload',
      hooks: { 'astro:build:setup': ({ vite }) => void ((vite.build ??= {}).modulePreload = false) },
    },
  ],
  vite: {
    // `astro dev` only: Netlify's emulation for headers and redirects; functions run from Vite's graph.
    plugins: [tailwindcss(), lazyChunkUrl(), chunkGraph(), painelChunks(), localFunctions(), netlify({ functions: { enabled: false }, edgeFunctions: { enabled: false } })],
  },
});
