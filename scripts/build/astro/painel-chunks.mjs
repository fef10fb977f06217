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

export default function painelChunks() {
  return {
    name: 'painel-chunks',
    configEnvironment(name) {
      if (name !== 'client') return;
      const test = (id) => CONSOLE_SHARED.some((path) => id.replaceAll('\\', '/').endsWith(`/${path}`));
      // Without its dependencies (react, the booking's date code…): only these modules move. Rolldown then asks
      // that an entry may gain exports ('allow-extension'); islands and lazy chunks are only ever import()ed.
      return { build: { rolldownOptions: { preserveEntrySignatures: 'allow-extension', output: { codeSplitting: { groups: [{ name: 'painel-console', test, includeDependenciesRecursively: false }] } } } } };
    },
  };
}
