// The lead form schema, shared by the quote wizard (browser) and POST /api/leads (server).
// zod/mini keeps the browser bundle small: this module bundles to 23 KB min / 7.9 KB gzip, versus
// 89 KB / 26.7 KB with classic `zod` (esbuild, measured when written).
import * as z from 'zod/mini';
import { isValidCnpj, normalizeCnpj } from './cnpj';
import { isForeignPhoneInput, isValidPhone, normalizePhone } from './phone';
import { cleanLine, hasOnlyPrintable, MIN_VISIBLE, textLimits, visibleLength } from './text';
import { cargoValues, faturamentoValues, modeloNegocioValues, numeroVendedoresValues, segmentoValues } from './options';

/** The validation messages, word for word as the product copy fixes them. */
export const leadMessages = {
  nomeCompleto: 'Nome completo deve ter pelo menos 2 caracteres',
  cargo: 'Selecione seu cargo',
  email: 'Email inválido',
  telefone: 'Telefone deve ter pelo menos 10 dígitos',
  telefoneInternacional: 'Telefone internacional inválido: use + e o código do país, ex.: +351 912 345 678',
  nomeEmpresa: 'Nome da empresa deve ter pelo menos 2 caracteres',
  cnpjLength: 'CNPJ deve ter 14 dígitos',
  cnpjInvalid: 'CNPJ inválido',
  faturamento: 'Selecione o faturamento',
  numeroVendedores: 'Selecione o número de vendedores',
  segmento: 'Selecione seu segmento de atuação',
  outroSegmento: 'Especifique o segmento quando selecionar "Outro"',
  modeloNegocio: 'Selecione seu modelo de negócio',
} as const;

export { asksOutroSegmento, emptyLeadForm, leadSteps, type LeadField, type LeadFormValues } from './lead-form';
import { asksOutroSegmento, type LeadField, type LeadFormValues } from './lead-form';

/** A one-line text field (src/domain/text.ts): every way of being wrong answers with the field's own message. */
const text = (message: string, max: number, minVisible = MIN_VISIBLE) =>
  z.string({ error: message }).check(
    z.overwrite(cleanLine),
    z.refine(hasOnlyPrintable, { error: message, abort: true }),
    z.refine((s) => visibleLength(s) >= minVisible, { error: message, abort: true }),
    z.maxLength(max, { error: message }),
  );

export const leadSchema = z
  .object({
    nomeCompleto: text(leadMessages.nomeCompleto, textLimits.nomeCompleto),
    cargo: z.enum(cargoValues, { error: leadMessages.cargo }),
    email: z.pipe(
      z.string({ error: leadMessages.email }).check(z.overwrite(cleanLine), z.maxLength(textLimits.email, { error: leadMessages.email })),
      z.email({ error: leadMessages.email }),
    ),
    // Brazilian numbers (with or without +55) keep their message; a '+' with another country code gets its own.
    telefone: z.pipe(
      z.string({ error: leadMessages.telefone }).check(
        z.refine(isValidPhone, {
          error: (issue) => (typeof issue.input === 'string' && isForeignPhoneInput(issue.input) ? leadMessages.telefoneInternacional : leadMessages.telefone),
        }),
      ),
      z.transform(normalizePhone),
    ),
    nomeEmpresa: text(leadMessages.nomeEmpresa, textLimits.nomeEmpresa),
    cnpj: z.pipe(
      z.string({ error: leadMessages.cnpjLength }).check(
        // Short input gets the length message only; the check-digit message is for 14+ characters.
        z.refine((s) => normalizeCnpj(s).length >= 14, { error: leadMessages.cnpjLength, abort: true }),
        z.refine(isValidCnpj, { error: leadMessages.cnpjInvalid }),
      ),
      z.transform(normalizeCnpj),
    ),
    faturamento: z.enum(faturamentoValues, { error: leadMessages.faturamento }),
    numeroVendedores: z.enum(numeroVendedoresValues, { error: leadMessages.numeroVendedores }),
    segmento: z.enum(segmentoValues, { error: leadMessages.segmento }),
    // Checked only when the segment asks for it (asksOutroSegmento, below); otherwise ignored, stored as null.
    outroSegmento: z.optional(z.nullable(z.string({ error: leadMessages.outroSegmento }))),
    modeloNegocio: z.enum(modeloNegocioValues, { error: leadMessages.modeloNegocio }),
  })
  .check(
    z.refine((v) => !asksOutroSegmento(v) || outroSegmentoOk(v.outroSegmento), {
      error: leadMessages.outroSegmento,
      path: ['outroSegmento'],
      // Also report it while other fields are still wrong, so the wizard sees every message at once.
      when: (payload) => {
        const v = payload.value as { segmento?: unknown; outroSegmento?: unknown };
        return asksOutroSegmento(v) && (v.outroSegmento === undefined || v.outroSegmento === null || typeof v.outroSegmento === 'string');
      },
    }),
  );

const outroSegmentoText = text(leadMessages.outroSegmento, textLimits.outroSegmento);
function outroSegmentoOk(value: unknown): boolean {
  return outroSegmentoText.safeParse(value).success;
}

type Parsed = z.output<typeof leadSchema>;
/** Validated, normalised lead: CNPJ as 14 upper-case characters, phone as 10–11 digits or E.164 (src/domain/phone.ts), outroSegmento null unless 'outro'. */
export type LeadData = Omit<Parsed, 'outroSegmento'> & { outroSegmento: string | null };

export type LeadFieldErrors = Partial<Record<LeadField, string>>;
export type LeadValidation = { ok: true; data: LeadData } | { ok: false; fieldErrors: LeadFieldErrors };

/** Validates every field; on failure returns the first message per field. */
export function validateLead(values: unknown): LeadValidation {
  const result = leadSchema.safeParse(values);
  if (!result.success) {
    const fieldErrors: LeadFieldErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as LeadField | undefined;
      if (field && !(field in fieldErrors)) fieldErrors[field] = issue.message;
    }
    // zod skips object-level checks after an aborting field issue (e.g. a short CNPJ); report it anyway.
    const raw = (values ?? {}) as { segmento?: unknown; outroSegmento?: unknown };
    if (asksOutroSegmento(raw) && !outroSegmentoOk(raw.outroSegmento) && !fieldErrors.outroSegmento) fieldErrors.outroSegmento = leadMessages.outroSegmento;
    return { ok: false, fieldErrors };
  }
  const data = result.data;
  const outro = asksOutroSegmento(data) ? outroSegmentoText.parse(data.outroSegmento) : null;
  return { ok: true, data: { ...data, outroSegmento: outro } };
}

/** Errors of the given fields only (the wizard validates one step at a time); {} when they are valid. */
export function validateLeadFields(values: Partial<LeadFormValues>, fields: readonly LeadField[]): LeadFieldErrors {
  const result = validateLead(values);
  if (result.ok) return {};
  const errors: LeadFieldErrors = {};
  for (const field of fields) if (result.fieldErrors[field]) errors[field] = result.fieldErrors[field];
  return errors;
}
