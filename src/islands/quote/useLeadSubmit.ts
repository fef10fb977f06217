// "Finalizar e Agendar": validate everything, save the lead once, then open the scheduling dialog.
import { useCallback } from 'react';
import { useStore } from '@nanostores/react';
import { trackLeadSubmitted } from '../../lib/analytics';
import type { LeadFieldErrors, leadSteps } from '../../domain/lead';
import { asksOutroSegmento } from '../../domain/lead-form';
import type { ToastCopy } from '../../schemas/orcamento';
import { apiMessages } from '../../domain/api';
import { whatsappNumber } from '../../domain/phone';
import { $errors, $measurementBasis, $quote, $saving, $whatsappOffered, goToStep, keyForRequest, markLeadSaved, notify, openScheduling, showUpcomingMeeting } from '../store';
import { firstInvalid, focusField } from './focus';
import { readAdContext } from './attribution';
import { saveLead } from './leadApi';
import { loadLeadRules } from './leadRules';
import { showNoMeeting } from './noMeeting';

type LeadSteps = typeof leadSteps;

/** The privacy policy shown under the submit button; its version is stored with the lead (LGPD). */
export type PrivacyPolicyRef = { href: string; version: string };

export function useLeadSubmit(toasts: ToastCopy, privacyPolicyVersion: string, honeypot: () => string) {
  const saving = useStore($saving);

  const showErrors = useCallback((errors: LeadFieldErrors, leadSteps: LeadSteps) => {
    $errors.set(errors);
    const first = firstInvalid(errors, leadSteps);
    if (first) {
      goToStep(first.step);
      focusField(first.field);
    }
  }, []);

  const submit = useCallback(async () => {
    if ($saving.get()) return;
    $saving.set(true);
    let rules;
    try {
      rules = await loadLeadRules();
    } catch {
      $saving.set(false);
      return notify('error', toasts.unexpectedError.title, toasts.unexpectedError.description);
    }
    const { values, service, leadId, marketingOptIn, measurementConsent, whatsappOptIn } = $quote.get();
    const checked = rules.validateLead(values);
    if (!checked.ok || !service) {
      $saving.set(false);
      return checked.ok ? undefined : showErrors(checked.fieldErrors, rules.leadSteps);
    }
    // Already saved (dialog closed and reopened): book against the same lead.
    if (leadId) {
      $saving.set(false);
      return openScheduling();
    }

    // The service is part of the request (and of what its key was sent with): the qualification rules match it.
    // So are where the visitor came from (first and last touch, when kept), the e-mail opt-in box and, with
    // advertising cookies granted, Meta's cookies.
    const { attribution, adConsent, adIds } = await readAdContext();
    const request = {
      ...values, outroSegmento: asksOutroSegmento(values) ? values.outroSegmento : '', privacyPolicyVersion, service,
      marketingOptIn, ...(attribution ? { attribution } : {}), adConsent, ...(adIds.fbp || adIds.fbc ? { adIds } : {}),
      // Only a box the visitor saw and ticked (shown when the basis is consent).
      ...(measurementConsent && $measurementBasis.get() === 'consentimento' ? { measurementConsent: true } : {}),
      // Only what the visitor saw ticked: the box shows for a mobile while WhatsApp is offered.
      ...(whatsappOptIn && $whatsappOffered.get() && whatsappNumber(values.telefone) ? { whatsappOptIn: true } : {}),
    };
    const result = await saveLead({ ...request, idempotencyKey: keyForRequest(JSON.stringify(request)), website: honeypot() });
    $saving.set(false);

    if (result.kind === 'saved' && result.upcoming) {
      // Not marked saved: "Finalizar e Agendar" again asks the server again (same key, same answer).
      showUpcomingMeeting(result.id);
    } else if (result.kind === 'saved' && result.route) {
      // A rule without a meeting: its message instead of the calendar. Not marked saved, as above, so
      // "Finalizar e Agendar" asks the server again (same key, same answer) and never opens the dialog.
      trackLeadSubmitted(service);
      showNoMeeting(result.route);
    } else if (result.kind === 'saved') {
      markLeadSaved(result.id);
      notify('success', toasts.saved.title, toasts.saved.description);
      trackLeadSubmitted(service);
      openScheduling();
    } else if (result.kind === 'refused') {
      notify('error', toasts.saveError.title, result.status === 429 ? apiMessages.tooManyRequests : apiMessages.idempotencyMismatch);
    } else if (result.kind === 'failed' && result.fieldErrors.privacyPolicyVersion) {
      // The page was opened before a new policy was published: only a reload shows the text in force.
      notify('error', toasts.policyChanged.title, toasts.policyChanged.description);
      showErrors(result.fieldErrors, rules.leadSteps);
    } else if (result.kind === 'failed') {
      notify('error', toasts.saveError.title, toasts.saveError.description);
      showErrors(result.fieldErrors, rules.leadSteps);
    } else {
      notify('error', toasts.unexpectedError.title, toasts.unexpectedError.description);
    }
  }, [toasts, privacyPolicyVersion, honeypot, showErrors]);

  return { submit, saving };
}
