import type { LeadField, LeadFieldErrors, leadSteps as LeadSteps } from '../../domain/lead';
import { fieldId } from './fields/ids';

/** The first field with an error, in form order, and the step (1–4) that holds it. */
export function firstInvalid(errors: LeadFieldErrors, leadSteps: typeof LeadSteps): { step: 1 | 2 | 3 | 4; field: LeadField } | null {
  for (let i = 0; i < leadSteps.length; i++) {
    const field = leadSteps[i].find((f) => errors[f]);
    if (field) return { step: (i + 1) as 1 | 2 | 3 | 4, field };
  }
  return null;
}

/** Focuses a field after React has rendered it (it may sit on a step that is about to appear). */
export function focusField(field: LeadField): void {
  requestAnimationFrame(() => {
    const el = document.getElementById(fieldId(field));
    el?.focus();
    el?.scrollIntoView({ block: 'center' });
  });
}
