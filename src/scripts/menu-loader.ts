// The header menu is plain server HTML until the visitor touches, focuses or types in it; only then
// React and the menu code load (a few KB), and React takes over the already-rendered markup.
// Why not an Astro client directive: its island runtime is inlined in every page (~1.7 KB compressed),
// more than this whole page's JavaScript budget. Why not a literal import(): it brings Vite's
// module-preload helper (~0.9 KB) along.
import menuChunk from 'lazy-chunk:/src/islands/hydrate-menu.tsx';

const root = document.querySelector<HTMLElement>('[data-menu-island]');
if (root) {
  // click too: on a content page this script itself loads on the first touch (defer-assets.mjs), so the
  // pointerdown that opens the menu can come before these listeners; the click (or the focus) after it does not.
  const events = ['pointerdown', 'focusin', 'keydown', 'click'] as const;
  const start = () => {
    for (const name of events) root.removeEventListener(name, start);
    void import(/* @vite-ignore */ menuChunk).then(({ hydrateMenu }: typeof import('../islands/hydrate-menu')) => hydrateMenu(root));
  };
  for (const name of events) root.addEventListener(name, start, { passive: true });
  // The touch that loaded this script was the menu's: its tap already opened the panel (:target) or focused it.
  if (location.hash === '#menu-mobile' || root.contains(document.activeElement)) start();
}
