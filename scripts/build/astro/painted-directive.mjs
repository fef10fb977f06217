// client:painted: hydrates an island once the page has painted its first content, the moment the
// deferred-assets loader (../defer-assets.mjs) fetches the stylesheets and the layout script. With
// client:load the island's JavaScript (React and the wizard, ≈ 80 KB gzip on /orcamento) is requested
// while the page still parses; on a slow link those bytes compete with the first paint. Measured with
// Lighthouse mobile on /orcamento, 6 runs: LCP ≈ 0.69 s in the runs where no island request started
// before the first paint, 1.01–1.25 s where some did.
// A page without the loader (`astro dev`, which skips the post-build step) hydrates once parsed.
import { LOADER_ATTRIBUTE, PAINTED } from '../../../src/lib/painted-signal.mjs';

/** @type {import('astro').ClientDirective} */
export default function paintedDirective(load) {
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    const hydrate = await load();
    await hydrate();
  };
  if (document.documentElement.hasAttribute(`data-${PAINTED}`)) return void start();
  addEventListener(PAINTED, () => void start(), { once: true });
  const withoutLoader = () => {
    if (!document.querySelector(`script[${LOADER_ATTRIBUTE}]`)) void start();
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', withoutLoader, { once: true });
  else withoutLoader();
}
