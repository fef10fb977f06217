import type { APIRoute } from 'astro';

// /painel is the staff console (noindex as well): crawlers have nothing to read behind its sign-in.

export const GET: APIRoute = ({ site }) =>
  new Response(`User-agent: *\nAllow: /\nDisallow: /painel\n\nSitemap: ${new URL('/sitemap-index.xml', site).href}\n`, {
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
