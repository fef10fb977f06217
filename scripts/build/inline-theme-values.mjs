// The critical CSS inlined in a page (critical-css.mjs) reads Tailwind's theme through var(): `padding:
// calc(var(--spacing) * 4)`, `color: var(--color-slate-700)`. A declaration holding var() is kept unparsed
// and substituted, tokenized and parsed again for every element it applies to, at the first style
// recalculation, before the first paint. The theme variables are declared once, on :root, and nothing
// declares them anywhere else (Tailwind writes them in `@layer theme` only), so every rule of the page reads
// the same value: here each var() of a theme variable outside the theme itself is replaced by that value.
// On the home page this took the first style recalculation from 13.4 to 10.4 ms of CPU (medians of 9 loads,
// docs/performance-first-screen.md). The theme stays declared, so what reads it later (the full stylesheet, style
// attributes, the islands) reads the same values; dropUnusedCustomProperties then drops what nothing reads.
import postcss from 'postcss';

/** `text` with each `var(--name[, fallback])` whose name is in `values` replaced by its value (nested too). */
export function substitute(text, values, depth = 0) {
  if (depth > 8 || !text.includes('var(')) return text;
  let out = '';
  let i = 0;
  for (;;) {
    const start = text.indexOf('var(', i);
    if (start < 0) return out + text.slice(i);
    // The var()'s closing parenthesis, past any nested one (a fallback may hold calc() or var()).
    let level = 0;
    let end = start + 3;
    for (; end < text.length; end += 1) {
      if (text[end] === '(') level += 1;
      else if (text[end] === ')' && --level === 0) break;
    }
    const inner = text.slice(start + 4, end);
    const comma = inner.indexOf(',');
    const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
    if (Object.hasOwn(values, name)) {
      out += text.slice(i, start) + substitute(values[name], values, depth + 1);
    } else {
      // Not a theme variable (a --tw-* per-element one): kept, with its fallback still substituted.
      out += text.slice(i, start + 4) + (comma < 0 ? inner : inner.slice(0, comma + 1) + substitute(inner.slice(comma + 1), values, depth + 1)) + ')';
    }
    i = end + 1;
  }
}

/** `css` with the theme's variables (`@layer theme { :root { --x: … } }`) written out where rules read them. */
export function inlineThemeValues(css) {
  const root = postcss.parse(css);
  const values = {};
  const themeRules = new Set();
  root.walkAtRules('layer', (layer) => {
    if (layer.params.trim() !== 'theme') return;
    layer.walkRules((rule) => {
      if (!rule.selectors.every((s) => s === ':root' || s === ':host')) return;
      themeRules.add(rule);
      rule.walkDecls(/^--/, (decl) => {
        values[decl.prop] = decl.value;
      });
    });
  });
  root.walkDecls((decl) => {
    if (themeRules.has(decl.parent)) return;
    // A rule that redeclares a theme variable would make its value depend on the element: leave the page as it is.
    if (Object.hasOwn(values, decl.prop)) throw new Error(`inlineThemeValues: ${decl.prop} is declared outside the theme (${decl.parent?.selector})`);
  });
  root.walkDecls((decl) => {
    if (!themeRules.has(decl.parent)) decl.value = substitute(decl.value, values);
  });
  return root.toString();
}
