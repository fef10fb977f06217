// `client:interaction`: hydrate only once the visitor touches, clicks, focuses or types inside the island,
// so readers who just scroll never download React.
export default function interaction(load, _options, el) {
  const events = ['pointerdown', 'focusin', 'keydown'];
  const start = async () => {
    for (const name of events) el.removeEventListener(name, start);
    const hydrate = await load();
    await hydrate();
  };
  for (const name of events) el.addEventListener(name, start, { passive: true });
}
