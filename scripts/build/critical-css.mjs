// Build step after `astro build`: inline, in each page, the CSS rules that page's own markup uses
// (beasties), then request the full stylesheet (states added later by JavaScript, other pages' rules) and
// the layout's module script only after the first paint (scripts/build/defer-assets.mjs). The first paint needs
// only the HTML.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Beasties from 'beasties';
import { deferAssets } from './defer-assets.mjs';
import { inlineThemeValues } from './inline-theme-values.mjs';
import { dropUnusedCustomProperties } from './unused-custom-properties.mjs';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));

const beasties = new Beasties({
  path: dist,
  publicPath: '/',
  // Moves the links to the end of <body>, where deferAssets takes them.
  preload: 'body',
  // The stylesheet is shared by every page: it must stay whole.
  pruneSource: false,
  // Reproduced by the full stylesheet anyway; keeping them out keeps the HTML inside the first round trip.
  keyframes: 'none',
  fonts: false,
  // Tailwind writes space-x/space-y and divide utilities as :where(.x > :not(:last-child)), which the
  // selector matcher cannot evaluate: kept always, or the gaps appear only with the full stylesheet
  // and the page shifts (CLS).
  // html[data-quote-form] is set by /orcamento's inline head script before first paint (a form link or a
  // saved draft): its rules must be there at first paint too.
  // [id] (anchored sections stop below the fixed header) is dropped by the matcher, so a tap on "Sobre"
  // before the full stylesheet arrived left the heading under the header: kept always.
  // #consentimento:not([hidden]): the cookie banner is hidden in the HTML and shown by its inline script
  // before the first paint, so the matcher drops the room kept for it (global.css): kept always.
  // :focus-visible (the focus outline) is dropped by the matcher too; a content page fetches the full stylesheet
  // only on the first touch or key (defer-assets.mjs), so the outline a first Tab shows must be inline.
  allowRules: [/:where\(/, /\[data-quote-form\]/, '[id]', /#consentimento:not\(\[hidden\]\)/, /^:focus-visible$/],
  logLevel: 'warn',
});

// The editor at /admin/ has no site stylesheet: it is left as it is.
const pages = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html') && !f.startsWith('admin/'));
let before = 0;
let after = 0;
for (const page of pages) {
  const file = path.join(dist, page);
  const html = await readFile(file, 'utf8');
  const inlined = await beasties.process(html);
  // Beasties writes one <style> per page: its rules get the theme's values written out (inline-theme-values.mjs),
  // then the theme variables and @property rules no rule of it reads leave.
  const out = deferAssets(inlined.replace(/<style>([\s\S]*?)<\/style>/, (style, css) => `<style>${dropUnusedCustomProperties(inlineThemeValues(css), inlined.replace(style, ''))}</style>`));
  before += html.length;
  after += out.length;
  await writeFile(file, out);
}
console.log(`critical CSS inlined in ${pages.length} pages (${before} → ${after} bytes of HTML; stylesheets and the layout script after the first paint)`);
