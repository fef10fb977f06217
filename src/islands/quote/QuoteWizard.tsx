// Island: the /orcamento quote wizard (service choice, then the four-step lead form).
// Only the service choice ships with the page; the form's code arrives when the visitor shows
// intent (hover/focus/touch on a form service) or the form must show (?servico=, saved draft).
import { lazy, Suspense, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { ServicesCopy, ToastCopy, WizardCopy } from '../../schemas/orcamento';
import { $confirmation, $quote, $upcoming } from '../store';
import { showFormSkeleton } from './formSkeleton';
import type { NoticesCopy } from './notices/Notices';
import { restoreQuote } from './draft';
import { $noMeeting } from './noMeeting';
import { ServiceChoice } from './ServiceChoice';
import { useFollowupLink } from './followup/useFollowupLink';
import type { PrivacyPolicyRef } from './useLeadSubmit';

const loadForm = () => import('./WizardForm');
const WizardForm = lazy(() => loadForm().then((m) => ({ default: m.WizardForm })));
const Notices = lazy(() => import('./notices/Notices'));
const FollowupNotice = lazy(() => import('./followup/openLink').then((m) => ({ default: m.FollowupNotice })));

interface Props {
  copy: WizardCopy;
  services: ServicesCopy;
  toasts: ToastCopy;
  talksChatUrl: string;
  privacyPolicy: PrivacyPolicyRef;
  notices: NoticesCopy;
}

let restored = false;

export default function QuoteWizard({ copy, services, toasts, talksChatUrl, privacyPolicy, notices }: Props) {
  // Hydrate with the server's markup (service choice), then show the saved draft or ?servico=.
  const { service, step } = useStore($quote, { ssr: 'initial' });
  const confirmation = useStore($confirmation);
  const upcoming = useStore($upcoming);
  const noMeeting = useStore($noMeeting);
  const noticeWanted = confirmation !== null || upcoming !== null || noMeeting !== null;
  useEffect(() => {
    if (restored) return;
    restored = true;
    restoreQuote(location.search);
    // No form to show: the service choice stays, without the step 1 stand-in. With a form, WizardForm
    // clears the stand-in once it has rendered, so the area is never blank while its code arrives.
    const { service: restoredService, step: restoredStep } = $quote.get();
    if (!restoredService || restoredStep === 0) showFormSkeleton(false);
  }, []);
  // After the restore: a follow-up link (#agendar=) puts its lead in the quote and opens the dialog.
  const [linkProblem, dismissLinkProblem] = useFollowupLink();

  const notice = (noticeWanted || linkProblem) && (
    <Suspense fallback={null}>
      {linkProblem && <FollowupNotice message={linkProblem} onDismiss={dismissLinkProblem} />}
      {noticeWanted && <Notices copy={notices} />}
    </Suspense>
  );
  if (!service || step === 0) {
    return (
      <>
        {notice}
        <ServiceChoice copy={services} talksChatUrl={talksChatUrl} takeFocus={restored && !noticeWanted} onIntent={() => void loadForm()} />
      </>
    );
  }
  // A rule sent these answers to no meeting: the lead is saved and the notice is the end of the form; its
  // filled step and "Finalizar e Agendar" below it would only invite a second try with the same answer.
  if (noMeeting) return notice;
  return (
    <>
      {notice}
      {/* While the chunk loads, the step 1 stand-in of the HTML (kept by data-quote-form) holds the place. */}
      <Suspense fallback={<div aria-busy="true" />}>
        <WizardForm copy={copy} toasts={toasts} serviceTitle={services[service].title} privacyPolicy={privacyPolicy} />
      </Suspense>
    </>
  );
}
