// Ambient (no imports/exports here): `lazy-chunk:` modules, see scripts/build/astro/lazy-chunk-url.mjs.
declare module 'lazy-chunk:*' {
  /** URL of the module built as its own chunk. */
  const url: string;
  export default url;
  /** URLs of the chunks it imports statically, at any depth (empty in dev). */
  export const deps: string[];
}
