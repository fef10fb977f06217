import { describe, expect, it } from 'vitest';
import { looksLikeEmail } from './looksLikeEmail';

describe('looksLikeEmail', () => {
  it('takes plain addresses and refuses what is plainly not one', () => {
    for (const ok of ['ana@empresa.com.br', 'a.b+c@x.io', 'ação@domínio.com']) expect(looksLikeEmail(ok), ok).toBe(true);
    for (const bad of ['', 'ana', 'ana@', '@x.io', 'ana@x', 'ana@x.', 'ana@.x', 'ana@x..io', 'a na@x.io', 'a@b@c.io']) expect(looksLikeEmail(bad), bad).toBe(false);
  });
});
