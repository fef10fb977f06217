// Island: the /orcamento quote wizard (service choice, then the four-step lead form).
// Only the service choice ships with the page; the form's code arrives when the visitor shows
// intent (hover/focus/touch on a form service) or the form must show (?servico=, saved draft).
import { lazy, Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { ServicesCopy, ToastCopy, WizardCopy } from '../../schemas/orcamento';
import { $quote } from '../store';
import { restoreQuote } from './draft';
import { ServiceChoice } from './ServiceChoice';
import type { PrivacyPolicyRef } from './useLeadSubmit';

const loadForm = () => import('./WizardForm');
const WizardForm = lazy(() => loadForm().then((m) => ({ default: m.WizardForm })));

interface Props {
  copy: WizardCopy;
  services: ServicesCopy;
  toasts: ToastCopy;
  talksChatUrl: string;
  privacyPolicy: PrivacyPolicyRef;
}

let restored = false;

export default function QuoteWizard({ copy, services, toasts, talksChatUrl, privacyPolicy }: Props) {
  // Hydrate with the server's markup (service choice), then show the saved draft or ?servico=.
  const { service, step } = useStore($quote, { ssr: 'initial' });
  useEffect(() => {
    if (restored) return;
    restored = true;
    restoreQuote(location.search);
    // The store re-renders synchronously; by the next frame the form (or its placeholder) is on screen.
    requestAnimationFrame(() => document.documentElement.removeAttribute('data-quote-form'));
  }, []);

  if (!service || step === 0) {
    return <ServiceChoice copy={services} talksChatUrl={talksChatUrl} takeFocus={restored} onIntent={() => void loadForm()} />;
  }
  return (
    // The height of step 1 (measured: 668–680 px from 360 to 1280 px wide; /orcamento reserves the same
    // before hydration), so nothing below jumps while the form's code arrives.
    <Suspense fallback={<div className="min-h-[42.5rem]" aria-busy="true" />}>
      <WizardForm copy={copy} toasts={toasts} serviceTitle={services[service].title} privacyPolicy={privacyPolicy} />
    </Suspense>
  );
}
