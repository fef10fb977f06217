import { modeloNegocioOptions } from '../../../domain/options';
import { RadioGroupField } from '../fields/RadioGroupField';
import type { StepProps } from './types';

export function BusinessModelStep({ values, errors, fields, onChange }: StepProps) {
  return (
    <RadioGroupField
      name="modeloNegocio"
      legend={fields.modeloNegocio.label}
      options={modeloNegocioOptions}
      value={values.modeloNegocio}
      error={errors.modeloNegocio}
      onChange={(v) => onChange('modeloNegocio', v)}
    />
  );
}
