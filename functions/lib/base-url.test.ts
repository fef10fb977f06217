import { describe, expect, it } from 'vitest';
import { isHttpUrl, withoutTrailingSlashes } from './base-url';

describe('withoutTrailingSlashes', () => {
  it('drops every trailing slash and nothing else', () => {
    expect(withoutTrailingSlashes('https://mentor.example.com///')).toBe('https://mentor.example.com');
    expect(withoutTrailingSlashes('https://api.netlify.com/api/v1')).toBe('https://api.netlify.com/api/v1');
    expect(withoutTrailingSlashes('https://a.example/x//y/')).toBe('https://a.example/x//y');
    expect(withoutTrailingSlashes('///')).toBe('');
    expect(withoutTrailingSlashes(`${'/'.repeat(50_000)}x`)).toBe(`${'/'.repeat(50_000)}x`);
  });
});

describe('isHttpUrl', () => {
  it('takes http(s) without credentials; as a base, also without a query or a fragment', () => {
    expect(isHttpUrl('https://graph.facebook.com')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:9000/x')).toBe(true);
    expect(isHttpUrl('ftp://example.com')).toBe(false);
    expect(isHttpUrl('https://user:secret@example.com')).toBe(false);
    expect(isHttpUrl('not a url')).toBe(false);
    expect(isHttpUrl('https://example.com/?a=1')).toBe(true);
    expect(isHttpUrl('https://example.com/?a=1', { base: true })).toBe(false);
    expect(isHttpUrl('https://example.com/#x', { base: true })).toBe(false);
    expect(isHttpUrl('https://graph.facebook.com', { base: true })).toBe(true);
  });
});
