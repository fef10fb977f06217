// The painel's app shell: /painel's page and every chunk of its code, kept on the phone as one set, so a
// later open needs no round trip before the page's head asks for the session and Hoje (docs/performance-
// painel-4g.md). Registered by the page's head (src/islands/painel/early-start.mjs) only where someone was
// signed in; its scope is /painel alone.
//
// Deploy-safe by construction:
// - SHELL below is written by the build (scripts/build/painel-sw.mjs): the version (a hash of the page, the
//   chunk list and the headers) and every file of the set. A deploy that changes any of them changes this
//   script; the browser compares it byte for byte on every open of /painel (its own revalidation, in the
//   background: Cache-Control no-cache, netlify.toml) and installs the new worker beside the old one.
// - The new set is fetched whole into a cache of its own before the worker may take over; one file missing
//   (or a page that names a chunk outside the set: a deploy between this script and the page) and the
//   install fails, its cache is dropped and the old set keeps serving. The browser tries again on a later open.
// - The set it replaces is kept (one generation): a page opened from it may still load its screens' chunks.
// - Only GETs of the page itself and of /_astro/ files (content-hashed, immutable) come from the cache. The
//   API, anything personal and every other address go to the network untouched.
// In `astro dev` SHELL lists nothing and the install fails: there is no shell (the page does not register it).
const SHELL = { version: 'dev', page: '/painel', files: [] };

const PREFIX = 'painel-shell-';
const CACHE = `${PREFIX}${SHELL.version}`;
const ASSETS = '/_astro/';

self.addEventListener('install', (event) => {
  // Chromium's static routes, read before the worker runs: the API goes to the network and the shell's page
  // and code come from the cache without starting the worker at all (its start is on the path of every open it
  // answers). A miss goes to the network, as the fetch handler below does. The page only from this worker's
  // own set; a chunk from any set (its name is its content's hash).
  try {
    const here = (pathname) => new URLPattern({ pathname, search: '', baseURL: self.location.origin });
    event.addRoutes?.([
      { condition: { urlPattern: new URLPattern({ pathname: '/api/*' }) }, source: 'network' },
      { condition: { urlPattern: here(SHELL.page), requestMode: 'navigate', requestMethod: 'GET' }, source: { cacheName: CACHE } },
      { condition: { urlPattern: here(`${ASSETS}*`), requestMethod: 'GET' }, source: 'cache' },
    ])?.catch?.(() => {});
  } catch {
    // Older browsers: the fetch handler below lets the API through.
  }
  event.waitUntil(install().then(() => self.skipWaiting()));
});

async function install() {
  if (SHELL.files.length === 0) throw new Error('painel-sw: no shell in this build');
  const files = new Set(SHELL.files);
  try {
    const cache = await caches.open(CACHE);
    // Code already on the phone (the page just loaded it) comes from the HTTP cache; the page is revalidated.
    const fetchOk = async (url) => {
      const response = await fetch(url, { cache: url === SHELL.page ? 'no-cache' : 'default', credentials: 'same-origin', priority: 'low' });
      if (!response.ok || response.redirected) throw new Error(`painel-sw: ${url} answered ${response.status}`);
      return response;
    };
    const page = await fetchOk(SHELL.page);
    const html = await page.clone().text();
    for (const [url] of html.matchAll(/\/_astro\/[\w.-]+/g))
      if (!files.has(url)) throw new Error(`painel-sw: the page names ${url}, not in this set (a newer deploy?)`);
    const answers = await Promise.all(SHELL.files.map(async (url) => [url, await fetchOk(url)]));
    await Promise.all(answers.map(([url, response]) => cache.put(url, response)));
    // The page last: a set is complete once it holds its page (fromShell serves the page only from such a set).
    await cache.put(SHELL.page, page);
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Creation order: the last other set is the one this worker replaces, kept for pages still open on it.
      const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
      await Promise.all(older.slice(0, -1).map((name) => caches.delete(name)));
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.search) return;
  if (request.mode === 'navigate' && url.pathname === SHELL.page) event.respondWith(fromShell(request, SHELL.page, [CACHE]));
  else if (url.pathname.startsWith(ASSETS)) event.respondWith(fromShell(request, url.pathname, null));
});

/**
 * The cached answer, else the network's. The page only from this worker's own set; a chunk from any kept set
 * (its name is its content's hash, so any copy is the right one).
 */
async function fromShell(request, key, cacheNames) {
  const names = cacheNames ?? (await caches.keys()).filter((name) => name.startsWith(PREFIX)).reverse();
  for (const name of names) {
    const cache = await caches.open(name);
    const hit = await cache.match(key);
    if (hit) return hit;
  }
  return fetch(request);
}
