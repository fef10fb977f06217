import { cargoOptions } from '../../../domain/options';
import { maskPhone } from '../../../domain/phone';
import { SelectField } from '../fields/SelectField';
import { TextField } from '../fields/TextField';
import type { StepProps } from './types';
import { textLimits } from '../../../domain/text';

export function PersonalStep({ values, errors, fields, onChange }: StepProps) {
  return (
    <>
      <TextField
        name="nomeCompleto"
        maxLength={textLimits.nomeCompleto}
        label={fields.nomeCompleto.label}
        placeholder={fields.nomeCompleto.placeholder}
        value={values.nomeCompleto}
        error={errors.nomeCompleto}
        onChange={(v) => onChange('nomeCompleto', v)}
        autoComplete="name"
        autoCapitalize="words"
      />
      <SelectField
        name="cargo"
        label={fields.cargo.label}
        placeholder={fields.cargo.placeholder}
        options={cargoOptions}
        value={values.cargo}
        error={errors.cargo}
        onChange={(v) => onChange('cargo', v)}
        autoComplete="organization-title"
      />
      <TextField
        name="email"
        maxLength={textLimits.email}
        type="email"
        label={fields.email.label}
        placeholder={fields.email.placeholder}
        value={values.email}
        error={errors.email}
        onChange={(v) => onChange('email', v.trim())}
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
      />
      <TextField
        name="telefone"
        type="tel"
        label={fields.telefone.label}
        placeholder={fields.telefone.placeholder}
        value={values.telefone}
        error={errors.telefone}
        onChange={(v) => onChange('telefone', maskPhone(v))}
        autoComplete="tel"
        inputMode="tel"
        maxLength={15}
      />
    </>
  );
}
