import { segmentoOptions } from '../../../domain/options';
import { RadioGroupField } from '../fields/RadioGroupField';
import { TextField } from '../fields/TextField';
import type { StepProps } from './types';
import { textLimits } from '../../../domain/text';

export function SegmentStep({ values, errors, fields, onChange }: StepProps) {
  return (
    <>
      <RadioGroupField
        name="segmento"
        legend={fields.segmento.label}
        options={segmentoOptions}
        value={values.segmento}
        error={errors.segmento}
        onChange={(v) => onChange('segmento', v)}
      />
      {values.segmento === 'outro' && (
        <TextField
          name="outroSegmento"
          label={fields.outroSegmento.label}
          placeholder={fields.outroSegmento.placeholder}
          value={values.outroSegmento}
          error={errors.outroSegmento}
          onChange={(v) => onChange('outroSegmento', v)}
          maxLength={textLimits.outroSegmento}
        />
      )}
    </>
  );
}
