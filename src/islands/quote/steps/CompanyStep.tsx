import { maskCnpj } from '../../../domain/cnpj';
import { faturamentoOptions, numeroVendedoresOptions } from '../../../domain/options';
import { SelectField } from '../fields/SelectField';
import { TextField } from '../fields/TextField';
import type { StepProps } from './types';
import { textLimits } from '../../../domain/text';

export function CompanyStep({ values, errors, fields, onChange }: StepProps) {
  return (
    <>
      <TextField
        name="nomeEmpresa"
        maxLength={textLimits.nomeEmpresa}
        label={fields.nomeEmpresa.label}
        placeholder={fields.nomeEmpresa.placeholder}
        value={values.nomeEmpresa}
        error={errors.nomeEmpresa}
        onChange={(v) => onChange('nomeEmpresa', v)}
        autoComplete="organization"
      />
      {/* Text keyboard, not numeric: CNPJs may carry letters (Receita Federal, from July 2026). */}
      <TextField
        name="cnpj"
        label={fields.cnpj.label}
        placeholder={fields.cnpj.placeholder}
        value={values.cnpj}
        error={errors.cnpj}
        onChange={(v) => onChange('cnpj', maskCnpj(v))}
        autoComplete="off"
        autoCapitalize="characters"
        inputMode="text"
        maxLength={18}
        spellCheck={false}
      />
      <SelectField
        name="faturamento"
        label={fields.faturamento.label}
        placeholder={fields.faturamento.placeholder}
        options={faturamentoOptions}
        value={values.faturamento}
        error={errors.faturamento}
        onChange={(v) => onChange('faturamento', v)}
      />
      <SelectField
        name="numeroVendedores"
        label={fields.numeroVendedores.label}
        placeholder={fields.numeroVendedores.placeholder}
        options={numeroVendedoresOptions}
        value={values.numeroVendedores}
        error={errors.numeroVendedores}
        onChange={(v) => onChange('numeroVendedores', v)}
      />
    </>
  );
}
