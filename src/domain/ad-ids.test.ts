import { describe, expect, it } from 'vitest';
import { adConsentOnly, metaClickId, parseAdIds, userAgentOf, withoutClickIds } from './ad-ids';
import type { Attribution } from './attribution';

const attribution: Attribution = {
  first: { utm_source: 'facebook', utm_campaign: 'solar', fbclid: 'IwAR1abc', landing_path: '/' },
  last: { utm_source: 'google', gclid: 'Cj0K-x_y', gbraid: 'g1', wbraid: 'w1', referrer_host: 'www.google.com', landing_path: '/trafego-pago' },
};

describe('ad identifiers within the cookie choice', () => {
  it('keeps every identifier when advertising cookies were granted', () => {
    const ids = { fbp: 'fb.1.1732900000000.1234567890', fbc: 'fb.1.1732900000000.IwAR1abc' };
    expect(adConsentOnly(true, attribution, ids)).toEqual({ attribution, adIds: ids, userAgent: null });
    expect(adConsentOnly(true, attribution, ids, 'Mozilla/5.0').userAgent).toBe('Mozilla/5.0');
  });

  it('keeps no ad identifier otherwise: the click ids leave the touches, Meta\'s cookies are dropped, the rest stays', () => {
    const kept = adConsentOnly(false, attribution, { fbp: 'fb.1.1732900000000.1234567890' }, 'Mozilla/5.0');
    expect(kept.adIds).toEqual({});
    expect(kept.userAgent).toBeNull();
    expect(kept.attribution).toEqual({
      first: { utm_source: 'facebook', utm_campaign: 'solar', landing_path: '/' },
      last: { utm_source: 'google', referrer_host: 'www.google.com', landing_path: '/trafego-pago' },
    });
    expect(JSON.stringify(kept)).not.toMatch(/fbclid|gclid|gbraid|wbraid|fbp|IwAR|Cj0K/);
    expect(adConsentOnly(false, null, {})).toEqual({ attribution: null, adIds: {}, userAgent: null });
    // The original is not changed (the wizard's stored touch stays as captured).
    expect(attribution.last.gclid).toBe('Cj0K-x_y');
    expect(withoutClickIds(attribution).first).not.toHaveProperty('fbclid');
  });
});

describe('Meta\'s cookies as POST /api/leads accepts them', () => {
  it('takes the formats Meta\'s pixel writes, and nothing else', () => {
    expect(parseAdIds(undefined)).toEqual({});
    expect(parseAdIds({ fbp: 'fb.1.1596403881668.1116446470', fbc: 'fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890' })).toEqual({
      fbp: 'fb.1.1596403881668.1116446470', fbc: 'fb.1.1554763741205.AbCdEfGhIjKlMnOpQrStUvWxYz1234567890',
    });
    for (const bad of [{ fbp: 'abc' }, { fbc: 'fb.1.123.x' }, { fbp: 'fb.1.1596403881668.1116446470<script>' }, { other: 'x' }, 'fb.1', [1]]) expect(parseAdIds(bad)).toBeNull();
  });

  it('builds the click id from the fbclid when the pixel wrote no _fbc, as Meta documents it', () => {
    expect(metaClickId({}, attribution, 1732900123456)).toBe('fb.1.1732900123456.IwAR1abc');
    expect(metaClickId({ fbc: 'fb.1.1554763741205.AbC' }, attribution, 1732900123456)).toBe('fb.1.1554763741205.AbC');
    expect(metaClickId({}, { first: { landing_path: '/' }, last: { landing_path: '/' } }, 1)).toBeUndefined();
    expect(metaClickId({}, null, 1)).toBeUndefined();
  });
});

describe('the user agent as kept', () => {
  it('one printable line, capped', () => {
    expect(userAgentOf('Mozilla/5.0 (Linux; Android 14)  AppleWebKit/537.36')).toBe('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36');
    expect(userAgentOf('x'.repeat(2000))).toHaveLength(512);
    expect(userAgentOf(null)).toBeNull();
    expect(userAgentOf('   ')).toBeNull();
    expect(userAgentOf('bad\u0000agent')).toBeNull();
  });
});
