// Mobile navigation. Server-rendered so its links exist without JavaScript (the toggle is a link to
// #menu-mobile, shown by CSS :target); hydrated on first interaction (src/scripts/menu-loader.ts),
// after which React owns open/close.
import { useEffect, useLayoutEffect, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { close, instagram, linkedin, menu } from '../components/ui/icon-paths';
import { Icon } from './Icon';

export interface MenuLink {
  name: string;
  target: string;
  type: 'scroll' | 'link' | 'external';
}

export interface MobileMenuProps {
  items: MenuLink[];
  quote: MenuLink;
  social: { linkedin: string; instagram: string };
  labels: { openMenu: string; closeMenu: string; mainNav: string; newTab: string; linkedin: string; instagram: string };
  currentPath: string;
}

const PANEL_ID = 'menu-mobile';

const icons = { menu, close, linkedin, instagram };

export default function MobileMenu({ items, quote, social, labels, currentPath }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    // Runs once after hydration, on purpose: the server markup must match the first client render
    // (closed, not hydrated), then the menu reads the browser-only state (hydrated, the URL's :target).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHydrated(true);
    // A tap that landed before hydration already opened the panel through :target.
    if (window.location.hash === `#${PANEL_ID}`) setOpen(true);
  }, []);

  // Layout effect: the listeners are in place in the same task that shows the open menu, so an Escape
  // pressed right after opening is never missed.
  useLayoutEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const onKey = (event: globalThis.KeyboardEvent) => event.key === 'Escape' && close();
    window.addEventListener('scroll', close, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', close);
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault();
    setOpen((value) => !value);
  };

  // Before hydration the panel follows :target; afterwards only React's state.
  const panelVisibility = open ? 'block' : hydrated ? 'hidden' : 'hidden target:block';
  const linkClass = 'block rounded-lg px-3 py-3 text-base font-medium text-navy-100 hover:bg-white/10 hover:text-white';

  return (
    <div className="lg:hidden">
      <a
        href={`#${PANEL_ID}`}
        role="button"
        aria-controls={PANEL_ID}
        aria-expanded={open}
        aria-label={open ? labels.closeMenu : labels.openMenu}
        onClick={toggle}
        onKeyDown={(event) => event.key === ' ' && toggle(event)}
        className="inline-flex size-11 items-center justify-center rounded-lg text-white hover:bg-white/10"
      >
        <Icon path={open ? icons.close : icons.menu} className="size-6" />
      </a>
      <nav id={PANEL_ID} aria-label={labels.mainNav} className={`${panelVisibility} absolute inset-x-0 top-16 border-t border-white/10 bg-navy-950 px-4 pb-6 pt-2 shadow-2xl`}>
        <ul className="space-y-1">
          {items.map((item) => {
            const external = item.type === 'external';
            return (
              <li key={item.name}>
                <a
                  href={item.target}
                  className={linkClass}
                  aria-current={item.target === currentPath ? 'page' : undefined}
                  target={external ? '_blank' : undefined}
                  rel={external ? 'noopener' : undefined}
                  data-track={item.name}
                  data-track-location="Header Mobile"
                  onClick={() => setOpen(false)}
                >
                  {item.name}
                  {external && <span className="sr-only"> {labels.newTab}</span>}
                </a>
              </li>
            );
          })}
        </ul>
        <div className="mt-4 flex items-center gap-3 px-3">
          <a
            href={quote.target}
            className="flex-1 rounded-full bg-gradient-to-r from-sun-400 to-ember-500 px-5 py-3 text-center font-semibold text-navy-950"
            data-track={quote.name}
            data-track-location="Header Mobile"
            onClick={() => setOpen(false)}
          >
            {quote.name}
          </a>
          {(['linkedin', 'instagram'] as const).map((network) => (
            <a
              key={network}
              href={social[network]}
              target="_blank"
              rel="noopener"
              aria-label={`${labels[network]} ${labels.newTab}`}
              className="inline-flex size-11 items-center justify-center rounded-full border border-white/15 text-white hover:bg-white/10"
              data-track={labels[network]}
              data-track-location="Header Mobile"
            >
              <Icon path={icons[network]} className="size-6" />
            </a>
          ))}
        </div>
      </nav>
    </div>
  );
}
