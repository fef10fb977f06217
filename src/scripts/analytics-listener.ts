// One delegated listener for every tracked link or button on content pages (no React needed):
// elements carry data-track="<button name>" and data-track-location="Header|Hero|…".
import { trackClick } from '../lib/analytics';

document.addEventListener('click', (event) => {
  const element = (event.target as Element | null)?.closest?.<HTMLElement>('[data-track]');
  if (element) trackClick(element.dataset.track ?? '', element.dataset.trackLocation ?? '');
});

// The tag-manager container loads only when PUBLIC_GTM_ID is set (the layout then renders this meta).
const gtmId = document.querySelector<HTMLMetaElement>('meta[name="gtm-id"]')?.content;
if (gtmId) {
  (window.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.append(script);
}
