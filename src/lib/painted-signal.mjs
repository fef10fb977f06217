// The signal between the deferred-assets loader (scripts/build/defer-assets.mjs, inline in every built
// page) and islands hydrated with client:painted (scripts/build/astro/painted-directive.mjs); the painel's
// early start (src/islands/painel/early-start.mjs) gives it too. A module of its own so the directive, which
// Astro inlines in the page, carries these two strings and nothing else.

/** When the loader starts it sets `data-painted` on <html> and dispatches a `painted` event on window. */
export const PAINTED = 'painted';
/** The attribute that carries the loader's links: how the directive tells a page that has a loader. */
export const LOADER_ATTRIBUTE = 'data-links';
