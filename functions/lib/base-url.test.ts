import { describe, expect, it } from 'vitest';
import { withoutTrailingSlashes } from './base-url';

describe('withoutTrailingSlashes', () => {
  it('drops every trailing slash and nothing else', () => {
    expect(withoutTrailingSlashes('https://mentor.example.com///')).toBe('https://mentor.example.com');
    expect(withoutTrailingSlashes('https://api.netlify.com/api/v1')).toBe('https://api.netlify.com/api/v1');
    expect(withoutTrailingSlashes('https://a.example/x//y/')).toBe('https://a.example/x//y');
    expect(withoutTrailingSlashes('///')).toBe('');
    expect(withoutTrailingSlashes(`${'/'.repeat(50_000)}x`)).toBe(`${'/'.repeat(50_000)}x`);
  });
});
