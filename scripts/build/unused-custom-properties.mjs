// The critical CSS inlined in a page (critical-css.mjs) keeps Tailwind's whole theme (every colour, size
// and font the site uses anywhere) and every @property registration, because beasties matches selectors
// and these are not selectors. On the home page they were 5.3 KB of its 31 KB of inlined CSS, 632 B of
// its 13.5 KB brotli response: the difference between one round trip and two (TCP's first window is
// ~14.6 KB, headers included; Lighthouse's LCP went from 1.00 s to 0.90 s at 4.3x CPU when the response
// first fit, see csp-headers.mjs). What no rule of the page reads is dropped here; the full stylesheet,
// requested after the first paint, declares all of it again for what JavaScript shows later.
//
// Hand-written over PurgeCSS (`variables: true`): PurgeCSS would match selectors again with rules of its
// own and drop what critical-css.mjs keeps on purpose (its allowRules); only the custom properties need it.
import postcss from 'postcss';

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;

/** Names read through var() in `text`. */
const referenced = (text) => [...text.matchAll(VAR_REFERENCE)].map((match) => match[1]);

/**
 * `css` without the custom properties that nothing reads: @property registrations, theme variables
 * (`@layer theme`) and their fallbacks for older browsers (`@layer properties`). Read means: by a var()
 * in a declaration of `css` (other than the variable's own) or in `alsoReadBy` (the page's markup, for
 * style attributes). Repeats until stable, since dropping a theme variable can leave another
 * that only it read.
 */
export function dropUnusedCustomProperties(css, alsoReadBy = '') {
  const root = postcss.parse(css);
  const readByPage = new Set(referenced(alsoReadBy));
  for (;;) {
    const read = new Set(readByPage);
    root.walkDecls((decl) => {
      for (const name of referenced(decl.value)) if (name !== decl.prop) read.add(name);
    });
    let dropped = 0;
    root.walkAtRules('property', (rule) => {
      if (!read.has(rule.params.trim())) {
        rule.remove();
        dropped += 1;
      }
    });
    // `@layer theme` declares the theme; `@layer properties` gives browsers without @property the same
    // initial values @property registers (Safari before 16.4, Firefox before 128).
    root.walkAtRules('layer', (layer) => {
      if (!['theme', 'properties'].includes(layer.params.trim())) return;
      layer.walkDecls(/^--/, (decl) => {
        if (!read.has(decl.prop)) {
          decl.remove();
          dropped += 1;
        }
      });
    });
    if (dropped === 0) {
      root.walkRules((rule) => {
        if (rule.nodes.length === 0) rule.remove();
      });
      return root.toString();
    }
  }
}
