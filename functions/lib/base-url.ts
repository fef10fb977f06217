/**
 * A configured base address (site, Netlify API, RD Station) without its trailing slashes, so a path joins
 * with one. The lookbehind starts the match at the first slash of a run: a plain /\/+$/ retries from every
 * slash of a long run (quadratic, refused by the lint's ReDoS rules).
 */
export const withoutTrailingSlashes = (url: string): string => url.replace(/(?<!\/)\/+$/, '');

/**
 * A setting's address the functions may call: http(s), with no credentials in it (they would reach logs).
 * `base`: an address paths are appended to, so a query or a fragment in it would end up inside the path.
 */
export function isHttpUrl(value: string, { base = false }: { base?: boolean } = {}): boolean {
  try {
    const url = new URL(value);
    if (base && (url.search || url.hash)) return false;
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}
