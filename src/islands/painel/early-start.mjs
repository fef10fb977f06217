// The painel's first requests, from the page's <head> instead of from the island. On a browser where someone
// was signed in (the hint below), an inline script asks for the session and, when the address is Hoje, Hoje's
// figures, then adds a <link rel="modulepreload"> for every chunk the island, the console and Hoje import.
// Without it they left only after the first paint, the island's own imports (two levels) and its evaluation:
// ~3.8 s into a first open on "Slow 4G" (docs/performance-painel-4g.md). Signed out (Lighthouse's audit, a
// new phone) it does nothing: the page and its first paint are as before.
// It also hydrates the island at once instead of after the first paint (client:painted): the paint it would
// protect is "Carregando o painel…", and on a return visit, with every chunk in the cache, waiting for it
// was most of the time before Hoje showed. The stylesheet still comes after the paint, as on every page;
// Hoje's figures need a round trip more than that.
// It also registers the painel's app shell (public/painel-sw.js) once the page has loaded and gone idle, so
// a later open comes from this phone's cache instead of a round trip for the page and its code; signed out,
// nothing is registered. On Hoje, Hoje registers it once its figures show (shell/registerShell.ts). The shell's address (data-sw) is added by the build (scripts/build/painel-sw.mjs):
// without it (astro dev) there is no shell.
// Plain JavaScript: painel.astro renders the script, scripts/build/painel-early-start.mjs fills in the chunk
// lists after the build, and the island (early.ts) takes the answers.

import { PAINTED } from '../../lib/painted-signal.mjs';

/** localStorage key of the signed-in hint (signedInHint.ts reads and writes it). */
export const SIGNED_IN_HINT_KEY = 'painel:sessao';

/** The global the script leaves its requests in: { [url]: { at: ms since epoch, answer: Promise<Response> } }. */
export const EARLY_GLOBAL = 'painelEarly';

/** The app shell's scope: the page, and nothing else of the site (public/painel-sw.js serves only it and its code). */
export const SHELL_SCOPE = '/painel';

/** The attribute that marks the script (the build step finds it by it). */
export const EARLY_START_ATTRIBUTE = 'data-painel-early';

/**
 * The script. Reads from its own data attributes: hint (the key above), session and today (endpoints),
 * island, console and todayChunks (space-separated URLs, added by the build), sw (the shell's script). Hoje is the place of an empty
 * address or one starting with "hoje" (parsePlace's first screen); other places start as before.
 * A rejected fetch is marked handled here (the island still sees the rejection when it takes the answer).
 */
export const EARLY_START = `(s=>{const d=s.dataset;try{if(!localStorage.getItem(d.hint))return}catch{return}
const e=self.${EARLY_GLOBAL}={},get=u=>{const a=fetch(u,{credentials:'same-origin',headers:{accept:'application/json'}});a.catch(()=>{});e[u]={at:Date.now(),answer:a}},
pre=l=>{for(const u of(l||'').split(' '))if(u){const k=document.createElement('link');k.rel='modulepreload';k.href=u;document.head.append(k)}},
today=/^#?(hoje(&|$)|$)/.test(location.hash);
document.documentElement.setAttribute('data-${PAINTED}','');get(d.session);if(today)get(d.today);pre(d.island);pre(d.console);if(today)pre(d.todayChunks);
if(d.sw&&!today)addEventListener('load',()=>(self.requestIdleCallback||setTimeout)(()=>navigator.serviceWorker?.register(d.sw,{scope:'${SHELL_SCOPE}'}).catch(()=>{})))})(document.currentScript)`;
