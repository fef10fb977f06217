// Google Consent Mode v2: everything denied by default; the tag manager loads only after 'Aceitar'.
// The visitor's choice is kept in localStorage and can be changed from the footer.

import { CONSENT_STORAGE_KEY as STORAGE_KEY, readConsentChoice as readChoice, type ConsentChoice as Choice } from './consent-choice';

// gtag() must push the `arguments` object itself: that is the shape the tag manager reads.
function gtag(..._args: unknown[]) {
  // eslint-disable-next-line prefer-rest-params
  (window.dataLayer ??= []).push(arguments);
}

const consentState = (choice: Choice) => ({
  ad_storage: choice,
  ad_user_data: choice,
  ad_personalization: choice,
  analytics_storage: choice,
});

function loadTagManager() {
  const id = document.querySelector<HTMLMetaElement>('meta[name="gtm-id"]')?.content;
  if (!id || document.getElementById('gtm-script')) return;
  window.dataLayer!.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

function apply(choice: Choice) {
  gtag('consent', 'update', consentState(choice));
  if (choice === 'granted') loadTagManager();
}

const banner = document.getElementById('consentimento');
gtag('consent', 'default', { ...consentState('denied'), wait_for_update: 500 });
const stored = readChoice();
if (stored) apply(stored);
else banner?.removeAttribute('hidden');

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  const choice = target?.closest<HTMLElement>('[data-consent]')?.dataset.consent as Choice | undefined;
  if (choice === 'granted' || choice === 'denied') {
    try {
      localStorage.setItem(STORAGE_KEY, choice);
    } catch {
      // Private mode without storage: the choice holds for this page only.
    }
    apply(choice);
    banner?.setAttribute('hidden', '');
  } else if (target?.closest('[data-consent-open]')) {
    banner?.removeAttribute('hidden');
    banner?.querySelector<HTMLButtonElement>('[data-consent="granted"]')?.focus();
  }
});
