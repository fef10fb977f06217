// What a page tells the deferred-assets loader (scripts/build/defer-assets.mjs) about when it needs its
// stylesheet, layout script and islands. Plain JavaScript: the build scripts import it, and so do pages.

/**
 * Marks a page whose islands can wait for the visitor's first touch, like a content page: everything it
 * shows before then works as plain HTML (e.g. /orcamento's service choice: real links). The build gives such
 * a page's loader data-on="touch" (the marker is on any element of the built page).
 */
export const ISLANDS_ON_TOUCH = 'data-islands-on-touch';

/**
 * A global an inline script sets (to 1) before the loader runs when this visit needs the deferred assets
 * right after the first paint even on a touch-first page: cookies accepted (the tag manager counts the
 * visit), or /orcamento opening its form or a follow-up link. Only ever set, never cleared, so two scripts
 * cannot undo each other.
 */
export const LOAD_AFTER_PAINT = 'loadAfterPaint';
