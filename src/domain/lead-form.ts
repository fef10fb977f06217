// The shape of the lead form, without the schema: the wizard's store imports this at load time,
// while the zod rules in lead.ts load lazily.

/** What the wizard holds: every field a string ('' until filled). */
export type LeadFormValues = {
  nomeCompleto: string;
  cargo: string;
  email: string;
  telefone: string;
  nomeEmpresa: string;
  cnpj: string;
  faturamento: string;
  numeroVendedores: string;
  segmento: string;
  outroSegmento: string;
  modeloNegocio: string;
};
export type LeadField = keyof LeadFormValues;

export const emptyLeadForm: LeadFormValues = {
  nomeCompleto: '',
  cargo: '',
  email: '',
  telefone: '',
  nomeEmpresa: '',
  cnpj: '',
  faturamento: '',
  numeroVendedores: '',
  segmento: '',
  outroSegmento: '',
  modeloNegocio: '',
};

/** Which fields each of the wizard's four steps asks, in order. */
export const leadSteps = [
  ['nomeCompleto', 'cargo', 'email', 'telefone'],
  ['nomeEmpresa', 'cnpj', 'faturamento', 'numeroVendedores'],
  ['segmento', 'outroSegmento'],
  ['modeloNegocio'],
] as const satisfies readonly (readonly LeadField[])[];

/**
 * The "Outro" rule: the free-text segment is asked, checked and stored only when the segment chosen is
 * 'outro'; otherwise it is ignored (and stored as null).
 */
export const asksOutroSegmento = (values: { segmento?: unknown }): boolean => values?.segmento === 'outro';

