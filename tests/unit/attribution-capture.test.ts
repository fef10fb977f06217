// The inline capture exactly as pages ship it (attributionScript, minified by the build's
// scripts/build/minify-inline.mjs), run against a fake page. Here rather than beside the script in src/scripts/:
// it runs a build step, and src/ imports nothing from scripts/ (eslint.config.js).
import { beforeAll, describe, expect, it } from 'vitest';
import { minifyInlineScripts } from '../../scripts/build/minify-inline.mjs';
import { attributionScript as source } from '../../src/scripts/attribution-inline';
import { ATTRIBUTION_STORAGE_KEY, parseAttribution } from '../../src/domain/attribution';

let attributionScript = '';
beforeAll(async () => {
  const page = await minifyInlineScripts(`<script>${source}</script>`);
  attributionScript = page.slice('<script>'.length, -'</script>'.length);
});

type Stored = { first?: Record<string, string>; last?: Record<string, string> };

function fakeStorage(broken = false) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => {
      if (broken) throw new DOMException('blocked', 'SecurityError');
      return items.get(k) ?? null;
    },
    setItem: (k: string, v: string) => {
      if (broken) throw new DOMException('blocked', 'SecurityError');
      items.set(k, v);
    },
  };
}

/** Loads `url` with `referrer` in a tab whose sessionStorage is `storage`; returns what is stored. */
function visit(storage: ReturnType<typeof fakeStorage>, url: string, referrer = ''): Stored | null {
  const location = new URL(url);
  new Function('location', 'document', 'sessionStorage', attributionScript)(location, { referrer }, storage);
  const raw = storage.items.get(ATTRIBUTION_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as Stored) : null;
}

const SITE = 'https://mentorsolar.com.br';

describe('attribution capture (inline script)', () => {
  it('keeps the first touch, updates the last, and ignores internal navigation', () => {
    const tab = fakeStorage();
    const landing = visit(tab, `${SITE}/?utm_source=google&utm_medium=cpc&utm_campaign=solar-pr&gclid=abc&other=x`, 'https://www.google.com/');
    const first = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'solar-pr', gclid: 'abc', referrer_host: 'www.google.com', landing_path: '/' };
    expect(landing).toEqual({ first, last: first });

    expect(visit(tab, `${SITE}/trafego-pago`, `${SITE}/?utm_source=google`)).toEqual({ first, last: first });

    const back = visit(tab, `${SITE}/palestras?fbclid=Iw_1`, 'https://l.facebook.com/');
    expect(back).toEqual({ first, last: { fbclid: 'Iw_1', referrer_host: 'l.facebook.com', landing_path: '/palestras' } });
    expect(parseAttribution(back)).not.toBeNull();
  });

  it('stores a direct first visit as both touches, then lets a later campaign be the last', () => {
    const tab = fakeStorage();
    expect(visit(tab, `${SITE}/consultoria-empresarial`)).toEqual({ first: { landing_path: '/consultoria-empresarial' }, last: { landing_path: '/consultoria-empresarial' } });
    expect(visit(tab, `${SITE}/orcamento`, `${SITE}/consultoria-empresarial`)?.last).toEqual({ landing_path: '/consultoria-empresarial' });
    expect(visit(tab, `${SITE}/?utm_source=newsletter`)?.last).toEqual({ utm_source: 'newsletter', landing_path: '/' });
  });

  it('keeps only the referrer host, and bounds every value it stores', () => {
    const tab = fakeStorage();
    const stored = visit(tab, `${SITE}/?utm_term=${'x'.repeat(1000)}`, 'https://user:pw@Busca.Example.com:8443/path?q=segredo#f');
    expect(stored?.first).toEqual({ utm_term: 'x'.repeat(255), referrer_host: 'busca.example.com', landing_path: '/' });
  });

  it('does nothing, and never throws, when storage is blocked or holds junk', () => {
    expect(() => visit(fakeStorage(true), `${SITE}/?utm_source=google`)).not.toThrow();
    const tab = fakeStorage();
    tab.items.set(ATTRIBUTION_STORAGE_KEY, '{not json');
    new Function('location', 'document', 'sessionStorage', attributionScript)(new URL(`${SITE}/?utm_source=google`), { referrer: '' }, tab);
    // Left as it was: the wizard's sanitizeAttribution sends nothing for it.
    expect(tab.items.get(ATTRIBUTION_STORAGE_KEY)).toBe('{not json');
  });

  it('ships minified as one small expression, without comments', () => {
    expect(source).toContain('//');
    expect(attributionScript).not.toMatch(/\/\/|\n/);
    expect(attributionScript.length).toBeLessThan(560);
  });
});
