import { describe, expect, it } from 'vitest';
import { ATTRIBUTION_PARAMS, attributionSchema, parseAttribution, sanitizeAttribution, touchSchema } from './attribution';

const google = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'solar-pr', gclid: 'abc', landing_path: '/' };
const ok = (touch: unknown) => touchSchema.safeParse(touch).success;

describe('touchSchema', () => {
  it('accepts a campaign arrival, a referral and a direct arrival', () => {
    expect(ok(google)).toBe(true);
    expect(ok({ referrer_host: 'www.google.com', landing_path: '/trafego-pago' })).toBe(true);
    expect(ok({ landing_path: '/' })).toBe(true);
    expect(ok({ referrer_host: 'xn--mentor-slar-ghb.com.br', fbclid: 'IwAR3x_Y-z.~9', landing_path: '/palestras' })).toBe(true);
  });

  it('caps utm_* at 150 printable one-line characters', () => {
    expect(ok({ utm_campaign: 'a'.repeat(150), landing_path: '/' })).toBe(true);
    expect(ok({ utm_campaign: 'a'.repeat(151), landing_path: '/' })).toBe(false);
    expect(ok({ utm_term: 'energia solar', landing_path: '/' })).toBe(true);
    expect(ok({ utm_term: 'linha\noutra', landing_path: '/' })).toBe(false);
    expect(ok({ utm_term: 'nul\u0000', landing_path: '/' })).toBe(false);
    expect(ok({ utm_source: '', landing_path: '/' })).toBe(false);
    expect(ok({ utm_source: 42, landing_path: '/' })).toBe(false);
  });

  it('caps click ids at 255 characters of [A-Za-z0-9._~-]', () => {
    expect(ok({ gclid: 'a'.repeat(255), landing_path: '/' })).toBe(true);
    expect(ok({ gclid: 'a'.repeat(256), landing_path: '/' })).toBe(false);
    expect(ok({ wbraid: 'abc def', landing_path: '/' })).toBe(false);
    expect(ok({ gbraid: 'abc<script>', landing_path: '/' })).toBe(false);
  });

  it('takes a lower-case host only, never a full referrer URL', () => {
    for (const bad of ['https://www.google.com/', 'www.google.com/search?q=x', 'www.google.com:443', 'user@www.google.com', 'WWW.GOOGLE.COM', '[::1]', 'a'.repeat(64) + '.com', '']) {
      expect(ok({ referrer_host: bad, landing_path: '/' }), bad).toBe(false);
    }
    expect(ok({ referrer_host: `${'a.'.repeat(126)}b`, landing_path: '/' })).toBe(true); // 253 characters
    expect(ok({ referrer_host: `${'a.'.repeat(127)}b`, landing_path: '/' })).toBe(false);
  });

  it('takes a path only for landing_path: leading /, no query or fragment, ≤ 200', () => {
    expect(ok({ landing_path: `/${'a'.repeat(199)}` })).toBe(true);
    for (const bad of [`/${'a'.repeat(200)}`, '/?utm_source=x', '/#x', '/ã', 'trafego-pago', 'https://mentorsolar.com.br/', '//evil.example/', '/a b']) {
      expect(ok({ landing_path: bad }), bad).toBe(false);
    }
    expect(ok({ utm_source: 'google' })).toBe(false);
  });

  it('rejects unknown keys', () => {
    expect(ok({ ...google, utm_id: '1' })).toBe(false);
    expect(ok({ ...google, referrer: 'https://www.google.com/' })).toBe(false);
    expect(attributionSchema.safeParse({ first: google, last: google, extra: {} }).success).toBe(false);
  });

  it('the largest touch the caps allow fits the 4000-byte column', () => {
    const long = '☀'.repeat(150); // 3 bytes each in UTF-8: the most a UTF-16 unit can weigh
    const id = 'a'.repeat(255);
    const touch = {
      utm_source: long, utm_medium: long, utm_campaign: long, utm_term: long, utm_content: long,
      gclid: id, gbraid: id, wbraid: id, fbclid: id, referrer_host: `${'a.'.repeat(126)}b`, landing_path: `/${'p'.repeat(199)}`,
    };
    const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
    // The largest touch the caps allow, as jsonb text writes it (": " and ", ": one more byte per key and per pair).
    expect(bytes(touch) + 2 * Object.keys(touch).length).toBeLessThanOrEqual(4000);
    expect(ok(touch)).toBe(true);
    expect(sanitizeAttribution({ first: touch, last: touch })).toEqual({ first: touch, last: touch });
  });

  it('refuses the path characters jsonb would escape', () => {
    for (const path of ['/a"b', '/a\\b']) expect(ok({ landing_path: path })).toBe(false);
    expect(ok({ landing_path: '/a%22b%5Cc' })).toBe(true);
  });
});

describe('parseAttribution', () => {
  it('needs both touches', () => {
    expect(parseAttribution({ first: google, last: { landing_path: '/orcamento' } })).toEqual({ first: google, last: { landing_path: '/orcamento' } });
    expect(parseAttribution({ first: google })).toBeNull();
    expect(parseAttribution('google')).toBeNull();
    expect(parseAttribution([google, google])).toBeNull();
  });
});

describe('sanitizeAttribution (what the wizard sends)', () => {
  it('caps an over-long value instead of refusing it, and drops what cannot be kept', () => {
    const stored = {
      first: {
        utm_source: `  google\n${'x'.repeat(300)}`,
        gclid: 'a'.repeat(300),
        fbclid: 'not valid!',
        referrer_host: 'WWW.Google.com',
        landing_path: `/${'p'.repeat(300)}?q=1`,
        injected: 'x',
      },
      last: { landing_path: '/trafego-pago', referrer_host: 'https://evil.example/path' },
    };
    const result = sanitizeAttribution(stored)!;
    expect(attributionSchema.safeParse(result).success).toBe(true);
    expect(result.first.utm_source).toBe(`google ${'x'.repeat(143)}`);
    expect(result.first.gclid).toHaveLength(255);
    expect(result.first.fbclid).toBeUndefined();
    expect(result.first.referrer_host).toBe('www.google.com');
    expect(result.first.landing_path).toHaveLength(200);
    expect(result.first).not.toHaveProperty('injected');
    expect(result.last).toEqual({ landing_path: '/trafego-pago' });
  });

  it('never ends a capped value in half a surrogate pair', () => {
    const result = sanitizeAttribution({ first: { utm_campaign: `${'a'.repeat(149)}😀`, landing_path: '/' }, last: { landing_path: '/' } })!;
    expect(result.first.utm_campaign).toBe('a'.repeat(149));
  });

  it('uses one touch for both when the other is missing; null when none is usable', () => {
    expect(sanitizeAttribution({ last: google })).toEqual({ first: google, last: google });
    expect(sanitizeAttribution({ first: { utm_source: 'x' }, last: 'junk' })).toBeNull();
    expect(sanitizeAttribution(null)).toBeNull();
    expect(sanitizeAttribution('{"first":{}}')).toBeNull();
  });

  it('lists the parameters once, in the issue\'s order', () => {
    expect(ATTRIBUTION_PARAMS).toEqual(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'gclid', 'gbraid', 'wbraid', 'fbclid']);
  });
});
