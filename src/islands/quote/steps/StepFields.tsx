import { leadSteps } from '../../../domain/lead-form';
import { RadioGroupField } from '../fields/RadioGroupField';
import { SelectField } from '../fields/SelectField';
import { TextField } from '../fields/TextField';
import { fieldTable } from './fieldTable';
import type { StepProps } from './types';

/** The fields of one wizard step (0–3), in the domain's order, each rendered as the field table says. */
export function StepFields({ index, values, errors, fields, onChange }: StepProps & { index: number }) {
  return (
    <>
      {leadSteps[index].map((name) => {
        const spec = fieldTable[name];
        const copy = fields[name];
        const common = { name, value: values[name], error: errors[name] };
        if (spec.kind === 'radio') return <RadioGroupField key={name} {...common} legend={copy.label} options={spec.options} onChange={(v) => onChange(name, v)} />;
        if (spec.kind === 'select') {
          return <SelectField key={name} {...common} label={copy.label} placeholder={copy.placeholder} options={spec.options} autoComplete={spec.autoComplete} onChange={(v) => onChange(name, v)} />;
        }
        const { kind: _kind, format, askedWhen, ...attributes } = spec;
        if (askedWhen && !askedWhen(values)) return null;
        return <TextField key={name} {...common} {...attributes} label={copy.label} placeholder={copy.placeholder} onChange={(v) => onChange(name, format ? format(v) : v)} />;
      })}
    </>
  );
}
