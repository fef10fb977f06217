// The numbers the site claims (mentored owners, sales, followers…) live once, in content/site.yaml
// `claims`. The home and service pages (and site.yaml itself) write `{key}` (e.g. `{mentoredOwners}`) where a number goes; the
// content getters put the value in at build time. A typo ("{mentordOwners}") never reaches a page: each text's
// schema names the placeholders it takes, and the build and the editor refuse any other (src/schemas/placeholders.ts).

import { PLACEHOLDER } from '../schemas/placeholders';

/** A copy of `data` with every `{key}` in its strings replaced by `claims[key]`. */
export function withClaims<T>(data: T, claims: Readonly<Record<string, string>>): T {
  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.replace(PLACEHOLDER, (match, key: string) => {
        // Not a claim: left as written. Every text that takes placeholders refuses other names in its schema, in
        // the build and in the editor alike (src/schemas/placeholders.ts); in a link or an address braces are
        // just characters, which the editor accepts, so the build must not stop on them.
        return Object.hasOwn(claims, key) ? claims[key] : match;
      });
    }
    if (Array.isArray(value)) return value.map(visit);
    if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v)]));
    }
    return value;
  };
  return visit(data) as T;
}
