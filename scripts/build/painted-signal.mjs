// The signal between the deferred-assets loader (defer-assets.mjs, inline in every built page) and
// islands hydrated with client:painted (astro/painted-directive.mjs). A module of its own so the
// directive, which Astro inlines in the page, carries these two strings and nothing else.

/** When the loader starts it sets `data-painted` on <html> and dispatches a `painted` event on window. */
export const PAINTED = 'painted';
/** The attribute that carries the loader's links: how the directive tells a page that has a loader. */
export const LOADER_ATTRIBUTE = 'data-links';
