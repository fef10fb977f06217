// One delegated listener for every tracked link or button on content pages (no React needed):
// elements carry data-track="<button name>" and data-track-location="Header|Hero|…".
import { trackClick } from '../lib/analytics';

document.addEventListener('click', (event) => {
  const element = (event.target as Element | null)?.closest?.<HTMLElement>('[data-track]');
  if (element) trackClick(element.dataset.track ?? '', element.dataset.trackLocation ?? '');
});
