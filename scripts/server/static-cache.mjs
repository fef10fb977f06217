// The local server's static answers, kept. @netlify/dev answers a static file by making and removing a temp
// directory and parsing every _headers rule again, per request: 6.2 ms of the server's CPU for a 1.3 KB
// script and 18.9 ms for React's 207 KB (measured, 200 requests each), against ~1 ms for a function. A page
// of the form loads ~30 files, so each visit cost the server ~200 ms of CPU beside the browser on the same
// two cores: in Lighthouse that time stretched the page's own tasks, and every browser test paid it per page.
// Netlify's CDN keeps what it serves too. Kept: GET answers of a static file with status 200, headers as
// @netlify/dev set them (netlify.toml and _headers applied), body bytes. Each is checked against the files it
// may have come from before use (a stat each, a few µs): a rebuild, or a test that changes dist/ under a
// running server (a new deploy), is served as changed at once. The _headers and _redirects files are checked
// too, though @netlify/dev 5 reads its rules once, at start (a changed _headers needs a restart either way).
import { statSync } from 'node:fs';
import path from 'node:path';
import { LRUCache } from 'lru-cache';

/** The site's dist/ is ~15 MB, most of it the editor; the public pages and assets fit many times over. */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * Every file a URL's path may be served from: @netlify/static's variations (the path itself, .html, .htm,
 * /index.html, /index.htm; without the trailing slash when there is one) as a superset, so a change to any of
 * them is seen. Resolved as @netlify/static does, from the path as written (not decoded).
 */
export function candidateFiles(pathname, directory) {
  const bare = pathname.endsWith('/') && pathname !== '/' ? pathname.slice(0, -1) : pathname;
  const base = pathname.endsWith('/') ? pathname : `${pathname}/`;
  const variations = [pathname, `${bare}.html`, `${bare}.htm`, `${base}index.html`, `${base}index.htm`];
  return [...new Set(variations.map((v) => path.resolve(directory, ...v.split('/').filter(Boolean))))];
}

/** What a file is now: its identity and last change, or that there is none. */
function signature(file) {
  try {
    const s = statSync(file);
    return `${s.isFile() ? 'f' : 'd'}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
  } catch {
    return '-';
  }
}

/**
 * root: the project served (its _headers and _redirects count too); distDir: the directory of static files.
 * answer(request, handle): the kept answer for a GET of this URL when every file it depends on is unchanged;
 * else handle() (@netlify/dev's introspecting call: { response, type } or undefined), kept when static and 200.
 */
export function createStaticCache({ root, distDir, maxBytes = MAX_BYTES }) {
  const kept = new LRUCache({ maxSize: maxBytes, sizeCalculation: (entry) => entry.body.length || 1 });
  const ruleFiles = [...new Set([path.join(distDir, '_headers'), path.join(root, '_headers'), path.join(distDir, '_redirects'), path.join(root, '_redirects')])];
  const signed = (files) => files.map((file) => [file, signature(file)]);

  return {
    async answer(request, handle) {
      if (request.method !== 'GET') return (await handle())?.response;
      const url = new URL(request.url);
      const key = `${url.pathname}${url.search}`;
      const entry = kept.get(key);
      if (entry && entry.files.every(([file, sig]) => signature(file) === sig)) {
        return new Response(entry.body, { status: 200, headers: entry.headers });
      }
      // Signed before the files are read: one changed meanwhile makes the next request read it again.
      const candidates = signed(candidateFiles(url.pathname, distDir));
      const files = [...signed(ruleFiles), ...candidates];
      const result = await handle();
      if (!result?.response) return undefined;
      // Kept only when a file of this path answered: anything else came from @netlify/dev's rules.
      if (result.type !== 'static' || result.response.status !== 200 || !candidates.some(([, sig]) => sig.startsWith('f:'))) return result.response;
      const body = Buffer.from(await result.response.arrayBuffer());
      const headers = [...result.response.headers];
      kept.set(key, { body, headers, files });
      return new Response(body, { status: 200, headers });
    },
  };
}
