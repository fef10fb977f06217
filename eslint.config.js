// Lint for the whole repository, run by `npm test` with zero warnings allowed (`npm run lint`).
// TypeScript (typescript-eslint), React hooks rules (a useCallback fed a new function each render is
// caught), JSX accessibility (jsx-a11y) and Astro components (eslint-plugin-astro).
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', '.netlify/', '.astro/', '.data/', 'reports/', 'node_modules/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, 'react-hooks': reactHooks },
    rules: { ...jsxA11y.flatConfigs.recommended.rules, ...reactHooks.configs.recommended.rules },
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_name` marks a parameter kept for its position (handlers, callbacks).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // ReDoS: every form field reaches a regular expression, so a pattern that backtracks
  // super-linearly on some input is a denial of service. Checked statically (eslint-plugin-regexp
  // analyses each pattern), not by timing requests, which only flakes on a loaded machine. Tests
  // read only their own fixtures, so they are left out.
  {
    files: ['src/**', 'functions/**', 'scripts/**'],
    plugins: { regexp },
    rules: { 'regexp/no-super-linear-backtracking': 'error', 'regexp/no-super-linear-move': 'error' },
  },
  // Ambient declarations merge into global interfaces by name; nothing there is "used".
  { files: ['**/*.d.ts'], rules: { '@typescript-eslint/no-unused-vars': 'off' } },
);
