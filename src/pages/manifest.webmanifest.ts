import type { APIRoute } from 'astro';
import { getSite } from '../lib/content';

export const GET: APIRoute = async () => {
  const site = await getSite();
  const manifest = {
    name: site.name,
    short_name: site.name,
    description: site.tagline,
    lang: 'pt-BR',
    start_url: '/',
    display: 'standalone',
    background_color: '#060d1f',
    theme_color: '#060d1f',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(manifest), { headers: { 'content-type': 'application/manifest+json' } });
};
