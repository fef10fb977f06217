// Hydrate on the first touch, click, key or focus inside the island, then replay the click.
export default async function interaction(load, _options, el) {
  const events = ['pointerdown', 'keydown', 'focusin', 'mouseover'];
  let started = false;
  const start = async (event) => {
    if (started) return;
    started = true;
    for (const name of events) el.removeEventListener(name, start);
    const target = event.type === 'pointerdown' ? event.target : null;
    const hydrate = await load();
    await hydrate();
    // The first tap happened before React owned the button: hand it over.
    if (target instanceof HTMLElement && el.contains(target)) {
      const again = el.querySelector('[data-replay-click]');
      if (again instanceof HTMLElement) again.click();
    }
  };
  for (const name of events) el.addEventListener(name, start, { passive: true });
}
