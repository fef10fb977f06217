import { useEffect, useLayoutEffect, useRef, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { ToastCopy, WizardCopy } from '../../schemas/orcamento';
import { MARKETING_OPT_IN_LABEL } from '../../domain/marketing-opt-in';
import { MEASUREMENT_CONSENT } from '../../domain/conversions';
import { whatsappNumber } from '../../domain/phone';
import { WHATSAPP_OPT_IN_TEXT } from '../../domain/whatsapp';
import { $errors, $measurementBasis, $quote, $whatsappOffered, TOTAL_STEPS, goToStep, resetQuote, setField, setMarketingOptIn, setMeasurementConsent, setWhatsAppOptIn, type Step } from '../store';
import { loadMeasurementBasis } from './measurement';
import { focusField } from './focus';
import { dropFormSkeleton } from './formSkeleton';
import { loadLeadRules } from './leadRules';
import { Progress } from './Progress';
import { StepFields } from './steps/StepFields';
import { useLeadSubmit, type PrivacyPolicyRef } from './useLeadSubmit';
import { askWhatsAppOffer } from './whatsappOffer';
import { OptInCheckbox } from './fields/OptInCheckbox';

interface Props {
  copy: WizardCopy;
  toasts: ToastCopy;
  serviceTitle: string;
  privacyPolicy: PrivacyPolicyRef;
}

const button =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-5 py-2.5 text-base font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-70';

export function WizardForm({ copy, toasts, serviceTitle, privacyPolicy }: Props) {
  const { step, values, marketingOptIn, measurementConsent, whatsappOptIn } = useStore($quote, { ssr: 'initial' });
  const measurementBasis = useStore($measurementBasis);
  const whatsappOffered = useStore($whatsappOffered);

  // The form is in the document: the HTML's step 1 stand-in goes before the browser paints (a layout
  // effect). With useEffect a slow phone painted one frame with both, the form below the stand-in, and
  // then moved it up: a layout shift of 0.36 on /orcamento?servico= at 16x CPU slowdown (CLS gate in CI).
  useLayoutEffect(() => {
    dropFormSkeleton();
  }, []);

  // Fetch the validation rules while the visitor is typing, before the first Próximo.
  useEffect(() => {
    // And whether the contact step asks to measure the ads (the mentor's basis, read now).
    void loadMeasurementBasis();
    const id = window.setTimeout(() => void loadLeadRules().catch(() => undefined), 0);
    return () => window.clearTimeout(id);
  }, []);
  const errors = useStore($errors);
  const honeypot = useRef<HTMLInputElement>(null);
  const { submit, saving } = useLeadSubmit(toasts, privacyPolicy.version, () => honeypot.current?.value ?? '');
  const heading = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef(step);

  // A new step is announced by moving focus to its heading; focusField (next frame) wins when a
  // field is invalid. On mount, only take focus if the click that showed the form left it nowhere.
  useEffect(() => {
    if (previousStep.current !== step || document.activeElement === document.body) heading.current?.focus();
    previousStep.current = step;
  }, [step]);

  const index = Math.min(Math.max(step, 1), TOTAL_STEPS) - 1;
  // The contact step asks the server once whether WhatsApp is on (nothing is shown until it says so).
  useEffect(() => {
    if (index === 0) askWhatsAppOffer();
  }, [index]);
  const stepCopy = copy.steps[index];
  const isLast = index === TOTAL_STEPS - 1;

  // Enter in any field submits the form: on steps 1–3 that means Próximo.
  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLast) return void submit();
    const { validateLeadFields, leadSteps } = await loadLeadRules().catch(() => ({ validateLeadFields: null, leadSteps: null }));
    // Rules unavailable (offline): don't trap the visitor; "Finalizar" validates everything anyway.
    if (!validateLeadFields) return goToStep((step + 1) as Step);
    const stepErrors = validateLeadFields($quote.get().values, leadSteps[index]);
    const first = leadSteps[index].find((f) => stepErrors[f]);
    if (first) {
      $errors.set({ ...$errors.get(), ...stepErrors });
      focusField(first);
      return;
    }
    goToStep((step + 1) as Step);
  };

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <a
          href="/orcamento"
          onClick={(e) => {
            e.preventDefault();
            resetQuote();
          }}
          className="text-sm font-medium text-slate-700 underline underline-offset-4 hover:text-amber-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500"
        >
          ← {copy.backToServices}
        </a>
        <p className="text-sm text-slate-600">
          {copy.serviceLabel}: <strong className="font-semibold text-slate-900">{serviceTitle}</strong>
        </p>
      </div>
      <div className="mt-4">
        <Progress step={index + 1} total={TOTAL_STEPS} template={copy.progress} />
      </div>

      <form noValidate onSubmit={onSubmit} aria-labelledby="etapa-titulo" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7">
        <h2 id="etapa-titulo" ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          {stepCopy.title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{stepCopy.description}</p>
        <p className="mt-1 text-sm text-slate-600">{copy.requiredNote}</p>

        <div className="mt-5 grid gap-5">
          <StepFields index={index} values={values} errors={errors} fields={copy.fields} onChange={setField} />
        </div>

        {index === 0 && measurementBasis === 'consentimento' && (
          // Optional and unticked: the e-mail and phone go, hashed, to the ad platforms only with it.
          <OptInCheckbox id="medir-anuncios" label={MEASUREMENT_CONSENT.text} checked={measurementConsent} onChange={setMeasurementConsent} />
        )}

        {index === 0 && whatsappOffered && whatsappNumber(values.telefone) && (
          // Only for a mobile (WhatsApp cannot reach a landline), unticked: an opt-in of its own (LGPD, Meta).
          <OptInCheckbox id="receber-whatsapp" label={WHATSAPP_OPT_IN_TEXT} checked={whatsappOptIn} onChange={setWhatsAppOptIn} />
        )}

        {/* Honeypot: off-screen and out of the tab order; people never fill it, bots often do. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label>
            {copy.honeypotLabel}
            <input ref={honeypot} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>

        {isLast && (
          // Optional and unticked by default: accepting the privacy policy (below) is not e-mail marketing.
          <OptInCheckbox id="receber-conteudos" label={MARKETING_OPT_IN_LABEL} checked={marketingOptIn} onChange={setMarketingOptIn} spacing="mt-6" />
        )}

        <div className="mt-7 flex items-center justify-between gap-3">
          {index > 0 ? (
            <button type="button" onClick={() => goToStep(step - 1 as Step)} className={`${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}>
              {copy.back}
            </button>
          ) : (
            <span />
          )}
          {/* aria-disabled, not disabled: a disabled button drops keyboard focus mid-save. */}
          <button type="submit" aria-describedby={isLast ? 'aviso-privacidade' : undefined} aria-disabled={saving || undefined} aria-busy={saving || undefined} className={`${button} bg-amber-500 text-slate-950 hover:bg-amber-400 aria-disabled:cursor-wait aria-disabled:opacity-70`}>
            {isLast ? (saving ? copy.saving : copy.submit) : copy.next}
          </button>
        </div>
        {isLast && (
          <p id="aviso-privacidade" className="mt-4 text-right text-sm text-slate-600">
            {/* The editor trims every text, so the space before the link is the page's. */}
            {copy.consent.before}{' '}
            <a href={privacyPolicy.href} className="font-medium text-slate-800 underline underline-offset-2 hover:text-amber-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-500">
              {copy.consent.link}
            </a>
            {copy.consent.after}
          </p>
        )}
      </form>
    </div>
  );
}
