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
  // src/ imports nothing from scripts/ (build and ops tools run by Node): a rule both need lives under src/ and
  // the script imports it (src/cms/uploads.ts, scripts/build/uploads.mjs). Not a `**/scripts/**` glob:
  // src/scripts/ is the site's own browser code. A relative import reaches the root's scripts/ only by
  // climbing exactly as many folders as the file is deep, so each depth gets its own pattern. An Astro
  // file's <script> blocks are linted as virtual files inside it (`Page.astro/1_1.ts`), one level deeper
  // than the component, so they take the component's depth. tests/unit/house.test.ts checks the resolved
  // imports too.
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((depth) => {
    const folders = 'src/' + '*/'.repeat(depth - 1);
    const shallower = 'src/' + '*/'.repeat(Math.max(depth - 2, 0));
    return {
      files: [`${folders}*`, `${folders}*.astro/*`],
      // The <script> blocks of a component one level up: they belong to the block of that depth.
      ignores: depth > 1 ? [`${shallower}*.astro/*`] : [],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [{ regex: `^(\\.\\./){${depth}}scripts(/|$)`, message: 'src/ imports nothing from scripts/: move the shared code under src/ and import it from the script.' }] },
        ],
      },
    };
  }),
  // Ambient declarations merge into global interfaces by name; nothing there is "used".
  { files: ['**/*.d.ts'], rules: { '@typescript-eslint/no-unused-vars': 'off' } },
);
