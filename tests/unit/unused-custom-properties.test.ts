import { describe, expect, it } from 'vitest';
import { dropUnusedCustomProperties } from '../../scripts/build/unused-custom-properties.mjs';

const css = [
  '@layer theme{:root{--color-red-500:red;--color-slate-900:#111;--font-sans:Inter;--default-font-family:var(--font-sans);--spacing:.25rem}}',
  '@layer utilities{.text-slate-900{color:var(--color-slate-900)}.p-1{padding:calc(var(--spacing)*1)}}',
  'html{font-family:var(--default-font-family)}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-rotate-x{syntax:"*";inherits:false}',
  '.shadow{box-shadow:var(--tw-shadow)}',
  '@layer properties{@supports (-moz-orient:inline){*,:before,:after{--tw-rotate-x:initial;--tw-shadow:0 0 #0000}}}',
].join('');

describe('dropUnusedCustomProperties (critical CSS)', () => {
  const out: string = dropUnusedCustomProperties(css);

  it('drops theme variables, @property rules and their older-browser fallbacks that nothing reads', () => {
    expect(out).not.toContain('--color-red-500');
    expect(out).not.toContain('--tw-rotate-x');
    expect(out).toContain('*,:before,:after{--tw-shadow:0 0 #0000}');
  });

  it('keeps what a rule reads, also through another variable', () => {
    for (const kept of ['--color-slate-900:#111', '--spacing:.25rem', '--default-font-family:var(--font-sans)', '--font-sans:Inter', '@property --tw-shadow']) {
      expect(out).toContain(kept);
    }
  });

  it('keeps what the page markup reads (style attributes), and leaves every rule as it was', () => {
    const withMarkup: string = dropUnusedCustomProperties(css, '<div style="color:var(--color-red-500)"></div>');
    expect(withMarkup).toContain('--color-red-500:red');
    expect(withMarkup).toContain('.text-slate-900{color:var(--color-slate-900)}');
    expect(withMarkup).toContain('.shadow{box-shadow:var(--tw-shadow)}');
  });

  it('drops a variable only another dropped variable read', () => {
    const chained: string = dropUnusedCustomProperties('@layer theme{:root{--a:1px;--b:var(--a)}}.x{color:red}');
    expect(chained).not.toContain('--a');
    expect(chained).not.toContain('--b');
  });
});
