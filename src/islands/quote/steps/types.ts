import type { LeadFieldErrors, LeadField, LeadFormValues } from '../../../domain/lead';
import type { WizardCopy } from '../../../schemas/orcamento';

/** What every step receives: the values, their errors, the labels and one setter. */
export interface StepProps {
  values: LeadFormValues;
  errors: LeadFieldErrors;
  fields: WizardCopy['fields'];
  onChange: (field: LeadField, value: string) => void;
}
