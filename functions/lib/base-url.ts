/**
 * A configured base address (site, Netlify API, RD Station) without its trailing slashes, so a path joins
 * with one. The lookbehind starts the match at the first slash of a run: a plain /\/+$/ retries from every
 * slash of a long run (quadratic, refused by the lint's ReDoS rules).
 */
export const withoutTrailingSlashes = (url: string): string => url.replace(/(?<!\/)\/+$/, '');
