// The critical path of a built page is its HTML alone. After the critical CSS is inlined
// (scripts/build/critical-css.mjs), three kinds of request wait until the page has painted its first content:
// the full stylesheets, the layout's module script (consent, analytics listener, menu loader) and the web
// app manifest (read only for "add to home screen"; Chrome fetches it as soon as the page loads).
// Measured on the home page, Lighthouse mobile, median of 5 on one machine: stylesheet at the end of
// <body> and module script as built, LCP 1.32 s; neither requested before the first paint, 0.92 s; the
// manifest after it too, 0.78 s. On a slow link every byte fetched before the paint delays the paint.
//
// One small inline loader per page, identical on every page (one CSP hash): it reads what to load from
// its own data attributes. Without JavaScript, a <noscript> in <head> still brings the stylesheets and the
// manifest: in <head>, because HTML allows a manifest link only there (the Nu HTML Checker rejects one in
// <body>); with scripting on, a browser parses a <noscript>'s content as text and requests nothing from it.
import { ISLANDS_ON_TOUCH, LOAD_AFTER_PAINT } from '../../src/lib/deferred-loading.mjs';
import { LOADER_ATTRIBUTE, PAINTED } from '../../src/lib/painted-signal.mjs';

/**
 * The loader's source. On a page with islands (client:painted: /reuniao, /painel, /orcamento's form) it starts once
 * the browser reports the first contentful paint (paint timing carries the presentation time; an animation
 * frame or the load event can both come before the first frame is on screen, measured), or 2 s after `load`
 * where paint timing is missing or the tab is hidden. On a content page (data-on="touch") it starts on the
 * visitor's first pointerdown (a touch too), keydown, focusin or click (a screen reader's activation is a click
 * alone) instead (go runs once; the listeners stay, idle); so does a page whose islands can wait (ISLANDS_ON_TOUCH:
 * /orcamento's service choice, plain links until then); scrolling needs neither: the inlined critical CSS already
 * styles everything the page shows, and fetching the full stylesheet after the paint restyled and relaid the
 * whole rendered page and ran the layout script while the phone had nothing to do for the visitor (about a
 * third of the home page's main-thread CPU: docs/performance.md). Exception: when an inline script has set
 * window[LOAD_AFTER_PAINT] (the cookies accepted, so the tag manager counts the page view; /orcamento showing its
 * form) it starts after the paint as on an islands page.
 * Clicks that land before the layout script has run (the one whose pointerdown started it) are played again
 * on their targets once it has run, with their default action prevented (a link already navigated, once):
 * the cookie banner's buttons act on the first tap, and the click analytics count it.
 * data-links is "rel href" pairs separated by commas; data-js the module script's URL. When it starts it
 * also signals PAINTED (painted-signal.mjs) for the islands hydrated with client:painted.
 */
export const LOADER =
  `(s=>{let done=0,ready=0,replay=0;const early=[],go=()=>{if(done++)return;for(const p of s.dataset.links.split(',')){const[r,h]=p.split(' ');if(!h)continue;const l=document.createElement('link');l.rel=r;l.href=h;document.head.append(l)}if(s.dataset.js){const m=document.createElement('script');m.type='module';m.src=s.dataset.js;m.onload=()=>{ready=replay=1;for(const t of early)t.dispatchEvent(new MouseEvent('click',{bubbles:true,cancelable:true}));replay=0};document.head.append(m)}document.documentElement.setAttribute('data-${PAINTED}','');dispatchEvent(new Event('${PAINTED}'))};` +
  `if(s.dataset.on==='touch'&&!self.${LOAD_AFTER_PAINT}){for(const e of['pointerdown','keydown','focusin','click'])addEventListener(e,go,true);addEventListener('click',e=>ready?replay&&e.preventDefault():early.push(e.target),true);return}` +
  `try{new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go)}}).observe({type:'paint',buffered:true})}catch{}addEventListener('load',()=>setTimeout(go,2000))})(document.currentScript)`;

const DEFERRED_LINK = /<link rel="(stylesheet|manifest)" href="([^"]+)">/g;
const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;

/**
 * Takes every stylesheet and manifest link and the module script out of the page (except inside
 * <noscript>), puts a <noscript> copy of the links at the end of <head> and appends the loader at the
 * end of <body>.
 * Island scripts are untouched: Astro loads them from its inline island runtime, not from <script src>.
 * Returns the page unchanged when it has nothing to defer.
 */
export function deferAssets(html) {
  if (!html.includes('</body>') || !html.includes('</head>')) return html;
  const links = [];
  const js = [];
  let out = html.replace(DEFERRED_LINK, (tag, rel, href, offset) => {
    if (isInsideNoscript(html, offset)) return tag;
    if (!links.some((l) => l.rel === rel && l.href === href)) links.push({ rel, href });
    return '';
  });
  const afterLinks = out;
  out = out.replace(MODULE_SCRIPT, (tag, src, offset) => {
    if (isInsideNoscript(afterLinks, offset)) return tag;
    js.push(src);
    return '';
  });
  if (js.length > 1) throw new Error(`deferAssets: ${js.length} module scripts (${js.join(', ')}); the loader takes one`);
  if (!links.length && !js.length) return html;
  for (const { href } of links) if (/[ ,"]/.test(href)) throw new Error(`deferAssets: cannot carry the URL ${href}`);
  const noscript = links.length ? `<noscript>${links.map((l) => `<link rel="${l.rel}" href="${l.href}">`).join('')}</noscript>` : '';
  // A page without islands, or whose islands can wait, waits for the visitor's first touch (see LOADER).
  const on = html.includes('<astro-island') && !html.includes(` ${ISLANDS_ON_TOUCH}`) ? '' : ' data-on="touch"';
  const loader = `<script ${LOADER_ATTRIBUTE}="${links.map((l) => `${l.rel} ${l.href}`).join(',')}" data-js="${js[0] ?? ''}"${on}>${LOADER}</script>`;
  return out.replace('</head>', `${noscript}</head>`).replace('</body>', `${loader}</body>`);
}

function isInsideNoscript(text, offset) {
  const open = text.lastIndexOf('<noscript', offset);
  return open >= 0 && text.lastIndexOf('</noscript>', offset) < open;
}
