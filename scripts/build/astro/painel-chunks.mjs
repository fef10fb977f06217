// The painel console's small shared modules in one chunk (client build only). Each is shared by several
// lazy screens, so Rolldown gave each its own chunk of 0.3–1.5 KB: Hoje needed seven of them, and on
// HTTP/1.1 (six connections per host, `npm start`) every six requests cost a round trip: ~0.6 s on
// "Slow 4G". Together they are one request; a screen that needs one of them loads the other few KB too.
// Only modules no public page imports (the booking's Notices imports scheduling/time.ts: left out), none
// of the sign-in's (its budget: docs/performance-painel-4g.md); check-dist-js.mjs and the chunk lists of
// painel-early-start.mjs show the result.
const CONSOLE_SHARED = [
  'src/domain/painel/numbers.ts',
  'src/domain/painel/period.ts',
  'src/domain/painel/integration-status.ts',
  'src/domain/scheduling/fair-share.ts',
  'src/islands/painel/format.ts',
  'src/islands/painel/useResource.ts',
  'src/islands/painel/numbers/numbersQuery.ts',
];

// The sign-in island's own painel modules (none of them imported by a public page): Rolldown gave them nine
// chunks of 0.1–4 KB because the lazy screens share them, and the island waited for all nine. One chunk is one
// request instead of nine, a round trip and a half less on HTTP/1.1's six connections (on "Slow 4G" each
// round trip is ~0.6 s); the island loads the same bytes either way (check-dist-js.mjs: /painel's budget).
const ISLAND_SHARED = [
  'src/domain/painel/api.ts',
  'src/domain/painel/copy.ts',
  'src/domain/painel/address.ts',
  'src/domain/painel/numbers-paths.ts',
  'src/islands/painel/api.ts',
  'src/islands/painel/styles.ts',
  'src/islands/painel/ui.tsx',
  'src/islands/painel/form/PainelForm.tsx',
  'src/islands/painel/form/Field.tsx',
  'src/islands/painel/form/useFormSubmit.ts',
  'src/islands/painel/form/looksLikeEmail.ts',
  'src/islands/painel/shell/lazyScreen.ts',
  'src/islands/painel/shell/ScreenBoundary.tsx',
  'src/islands/painel/shell/LazyScreen.tsx',
  'src/islands/painel/lazyScreens.ts',
  'src/islands/painel/sections.ts',
  'src/islands/painel/shell/AccountMenu.tsx',
  'src/islands/painel/shell/AppBar.tsx',
  'src/islands/painel/Skeleton.tsx',
  'src/islands/painel/early-start.mjs',
  'src/islands/painel/early.ts',
  'src/islands/painel/preload.ts',
  'src/islands/painel/focus.ts',
];

const matcher = (paths) => (id) => paths.some((path) => id.replaceAll('\\', '/').endsWith(`/${path}`));

export default function painelChunks() {
  return {
    name: 'painel-chunks',
    configEnvironment(name) {
      if (name !== 'client') return;
      // Without its dependencies (react, the booking's date code…): only these modules move. Rolldown then asks
      // that an entry may gain exports ('allow-extension'); islands and lazy chunks are only ever import()ed.
      return { build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension', output: { codeSplitting: { groups: [
        { name: 'painel-console', test: matcher(CONSOLE_SHARED), includeDependenciesRecursively: false },
        // With the painel screens' addresses (lazy-chunk-url.mjs's virtual modules), which lazyScreens.ts imports;
        // only the painel's: the content pages' menu loader has one too, and took this chunk along when all did.
        { name: 'painel-island', test: (id) => id.startsWith('\0lazy-chunk:/src/islands/painel/') || matcher(ISLAND_SHARED)(id), includeDependenciesRecursively: false },
      ] } } } } };
    },
  };
}
