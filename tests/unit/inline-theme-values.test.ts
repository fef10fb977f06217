import { describe, expect, it } from 'vitest';
import { inlineThemeValues, substitute } from '../../scripts/build/inline-theme-values.mjs';

const theme = '@layer theme{:root{--spacing:.25rem;--color-white:#fff;--font-sans:Inter, sans-serif;--default-font-family:var(--font-sans)}}';

describe('inlineThemeValues (critical CSS)', () => {
  it('writes the theme values out where rules read them, through another variable and inside functions', () => {
    const out: string = inlineThemeValues(
      `${theme}@layer utilities{.p-4{padding:calc(var(--spacing) * 4)}.border-white\\/10{border-color:color-mix(in oklab, var(--color-white) 10%, transparent)}}html{font-family:var(--default-font-family,Arial)}`,
    );
    expect(out).toContain('.p-4{padding:calc(.25rem * 4)}');
    expect(out).toContain('color-mix(in oklab, #fff 10%, transparent)');
    expect(out).toContain('html{font-family:Inter, sans-serif}');
  });

  it('keeps the theme itself declared, and the per-element variables as var()', () => {
    const out: string = inlineThemeValues(`${theme}.shadow{--tw-shadow-color:var(--color-white);box-shadow:var(--tw-shadow, 0 0 var(--spacing) red)}`);
    expect(out).toContain(theme);
    expect(out).toContain('--tw-shadow-color:#fff');
    expect(out).toContain('box-shadow:var(--tw-shadow, 0 0 .25rem red)');
  });

  it('refuses a page where a rule redeclares a theme variable (its value would depend on the element)', () => {
    expect(() => inlineThemeValues(`${theme}.tight{--spacing:.2rem}.p-1{padding:var(--spacing)}`)).toThrow(/--spacing is declared outside the theme/);
  });

  it('leaves a variable the theme does not declare', () => {
    expect(substitute('var(--unknown)', { '--spacing': '.25rem' })).toBe('var(--unknown)');
  });
});
