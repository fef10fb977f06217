// How each form field is asked: which control, its options, the browser hints (autocomplete, keyboard)
// and the mask applied as the visitor types. Labels and placeholders are copy (content/orcamento.yaml);
// which step asks which field is the domain's (leadSteps).
import type { HTMLAttributes } from 'react';
import { maskCnpj } from '../../../domain/cnpj';
import { asksOutroSegmento, type LeadField, type LeadFormValues } from '../../../domain/lead-form';
import { cargoOptions, faturamentoOptions, modeloNegocioOptions, numeroVendedoresOptions, segmentoOptions, type Option } from '../../../domain/options';
import { maskPhone, PHONE_INPUT_MAX_LENGTH } from '../../../domain/phone';
import { textLimits } from '../../../domain/text';

export type TextFieldSpec = {
  kind: 'text';
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoCapitalize?: string;
  spellCheck?: boolean;
  maxLength: number;
  /** Applied to every keystroke's value (masks, trimming). */
  format?: (value: string) => string;
  /** Asked only when this holds (default: always). */
  askedWhen?: (values: LeadFormValues) => boolean;
};
export type SelectFieldSpec = { kind: 'select'; options: readonly Option[]; autoComplete?: string };
export type RadioFieldSpec = { kind: 'radio'; options: readonly Option[] };
export type FieldSpec = TextFieldSpec | SelectFieldSpec | RadioFieldSpec;

export const fieldTable: Record<LeadField, FieldSpec> = {
  nomeCompleto: { kind: 'text', autoComplete: 'name', autoCapitalize: 'words', maxLength: textLimits.nomeCompleto },
  cargo: { kind: 'select', options: cargoOptions, autoComplete: 'organization-title' },
  email: { kind: 'text', type: 'email', autoComplete: 'email', inputMode: 'email', autoCapitalize: 'none', spellCheck: false, maxLength: textLimits.email, format: (v) => v.trim() },
  // "(43) 99999-8888": 15 characters with the mask.
  telefone: { kind: 'text', type: 'tel', autoComplete: 'tel', inputMode: 'tel', maxLength: PHONE_INPUT_MAX_LENGTH, format: maskPhone },
  nomeEmpresa: { kind: 'text', autoComplete: 'organization', maxLength: textLimits.nomeEmpresa },
  // Text keyboard, not numeric: CNPJs may carry letters (Receita Federal, from July 2026). "12.ABC.345/01DE-35": 18.
  cnpj: { kind: 'text', autoComplete: 'off', autoCapitalize: 'characters', inputMode: 'text', spellCheck: false, maxLength: 18, format: maskCnpj },
  faturamento: { kind: 'select', options: faturamentoOptions },
  numeroVendedores: { kind: 'select', options: numeroVendedoresOptions },
  segmento: { kind: 'radio', options: segmentoOptions },
  outroSegmento: { kind: 'text', maxLength: textLimits.outroSegmento, askedWhen: asksOutroSegmento },
  modeloNegocio: { kind: 'radio', options: modeloNegocioOptions },
};
