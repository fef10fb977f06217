// The numbers the site claims (mentored owners, sales, followers…) live once, in content/site.yaml
// `claims`. The home and service pages (and site.yaml itself) write `{key}` (e.g. `{mentoredOwners}`) where a number goes; the
// content getters put the value in at build time. A key that is not a claim stops the build, naming the
// file, so a typo never reaches a page as "{mentordOwners}".

import { PLACEHOLDER } from '../schemas/placeholders';

/** A copy of `data` with every `{key}` in its strings replaced by `claims[key]`. */
export function withClaims<T>(data: T, claims: Readonly<Record<string, string>>, file: string): T {
  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.replace(PLACEHOLDER, (match, key: string) => {
        if (!Object.hasOwn(claims, key)) throw new Error(`content/${file}: "${match}" não é um número de content/site.yaml → claims (${Object.keys(claims).join(', ')})`);
        return claims[key];
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
