// Hydrates the server-rendered mobile menu. Loaded by src/scripts/menu-loader.ts on first interaction,
// so React is downloaded only by visitors who touch the menu.
import { hydrateRoot } from 'react-dom/client';
import MobileMenu, { type MobileMenuProps } from './MobileMenu';

export function hydrateMenu(root: HTMLElement) {
  const props = JSON.parse(root.dataset.props ?? '{}') as MobileMenuProps;
  hydrateRoot(root, <MobileMenu {...props} />);
}
