// Option sets of the quote form. Values are stored in the database (and must equal its CHECK constraints,
// tests/integration/postgres/schema.test.ts); labels are pt-BR copy.
// The database check constraints in supabase/migrations mirror these values.

export type Option<V extends string = string> = { readonly value: V; readonly label: string };

export const cargoOptions = [
  { value: 'ceo-proprietario', label: 'CEO / Proprietário' },
  { value: 'diretor-comercial', label: 'Diretor Comercial' },
  { value: 'gerente-vendas', label: 'Gerente de Vendas' },
  { value: 'coordenador-comercial', label: 'Coordenador Comercial' },
  { value: 'supervisor-vendas', label: 'Supervisor de Vendas' },
  { value: 'vendedor', label: 'Vendedor' },
  { value: 'outro', label: 'Outro' },
] as const satisfies readonly Option[];

export const faturamentoOptions = [
  { value: '0-50', label: 'R$ 0 - R$ 50 mil' },
  { value: '50-100', label: 'R$ 50 mil - R$ 100 mil' },
  { value: '100-500', label: 'R$ 100 mil - R$ 500 mil' },
  { value: '500-1000', label: 'R$ 500 mil - R$ 1 milhão' },
  { value: '1000-5000', label: 'R$ 1 milhão - R$ 5 milhões' },
  { value: '5000-10000', label: 'R$ 5 milhões - R$ 10 milhões' },
  { value: '10000+', label: 'Acima de R$ 10 milhões' },
] as const satisfies readonly Option[];

export const numeroVendedoresOptions = [
  { value: 'nenhum', label: 'Nenhum' },
  { value: '1-2', label: '1 a 2' },
  { value: '3-5', label: '3 a 5' },
  { value: '6-10', label: '6 a 10' },
  { value: '11-20', label: '11 a 20' },
  { value: '20+', label: 'Mais de 20' },
] as const satisfies readonly Option[];

export const segmentoOptions = [
  { value: 'energia-solar', label: 'Energia Solar' },
  { value: 'prestador-servico-b2b', label: 'Prestador de Serviço B2B' },
  { value: 'industria-fabrica', label: 'Indústria / Fábrica' },
  { value: 'ecommerce', label: 'E-commerce' },
  { value: 'educacao-cursos', label: 'Educação / Cursos' },
  { value: 'saude-estetica', label: 'Saúde / Estética' },
  { value: 'tecnologia-saas', label: 'Tecnologia / SaaS' },
  { value: 'outro', label: 'Outro' },
] as const satisfies readonly Option[];

export const modeloNegocioOptions = [
  { value: 'b2b', label: 'B2B' },
  { value: 'b2c', label: 'B2C' },
  { value: 'hibrido', label: 'Híbrido' },
] as const satisfies readonly Option[];

type Values<T extends readonly Option[]> = { [K in keyof T]: T[K]['value'] };

/** Value tuples, e.g. for z.enum and the database check constraints. */
export const cargoValues = cargoOptions.map((o) => o.value) as unknown as Values<typeof cargoOptions>;
export const faturamentoValues = faturamentoOptions.map((o) => o.value) as unknown as Values<typeof faturamentoOptions>;
export const numeroVendedoresValues = numeroVendedoresOptions.map((o) => o.value) as unknown as Values<typeof numeroVendedoresOptions>;
export const segmentoValues = segmentoOptions.map((o) => o.value) as unknown as Values<typeof segmentoOptions>;
export const modeloNegocioValues = modeloNegocioOptions.map((o) => o.value) as unknown as Values<typeof modeloNegocioOptions>;

export type Cargo = (typeof cargoOptions)[number]['value'];
export type Faturamento = (typeof faturamentoOptions)[number]['value'];
export type NumeroVendedores = (typeof numeroVendedoresOptions)[number]['value'];
export type Segmento = (typeof segmentoOptions)[number]['value'];
export type ModeloNegocio = (typeof modeloNegocioOptions)[number]['value'];

/** Services that lead to a meeting (talks go to an external chat instead). */
export const serviceOptions = [
  { value: 'consultoria', label: 'Consultoria Empresarial' },
  { value: 'trafego', label: 'Tráfego Pago' },
] as const satisfies readonly Option[];
export const serviceValues = serviceOptions.map((o) => o.value) as unknown as Values<typeof serviceOptions>;
export type Service = (typeof serviceOptions)[number]['value'];

/** Label of a value, or the value itself when unknown. */
export function labelOf(options: readonly Option[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}
