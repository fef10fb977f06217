// Test data shared by unit, integration and browser tests.
import { readFileSync } from 'node:fs';
import type { LeadFormValues } from '../../src/domain/lead-form';

/** A valid lead as a visitor types it (masked phone, lower-case alphanumeric CNPJ). */
export const validLead: LeadFormValues = {
  nomeCompleto: 'Maria da Silva',
  cargo: 'ceo-proprietario',
  email: 'maria@solarnorte.com.br',
  telefone: '(43) 99999-8888',
  nomeEmpresa: 'Solar Norte',
  cnpj: '12.abc.345/01de-35',
  faturamento: '100-500',
  numeroVendedores: '3-5',
  segmento: 'energia-solar',
  outroSegmento: '',
  modeloNegocio: 'b2b',
};

/** The validation messages, word for word, for a form left empty with segmento 'outro'. */
export const EMPTY_FORM_ERRORS = {
  nomeCompleto: 'Nome completo deve ter pelo menos 2 caracteres',
  cargo: 'Selecione seu cargo',
  email: 'Email inválido',
  telefone: 'Telefone deve ter pelo menos 10 dígitos',
  nomeEmpresa: 'Nome da empresa deve ter pelo menos 2 caracteres',
  cnpj: 'CNPJ deve ter 14 dígitos',
  faturamento: 'Selecione o faturamento',
  numeroVendedores: 'Selecione o número de vendedores',
  outroSegmento: 'Especifique o segmento quando selecionar "Outro"',
  modeloNegocio: 'Selecione seu modelo de negócio',
};

/** content/legal/politica-de-privacidade.md frontmatter `version`: what the wizard sends and each lead stores. */
export const POLICY_VERSION = /^version:\s*"?([^"\n]+)"?/m.exec(
  readFileSync(new URL('../../content/legal/politica-de-privacidade.md', import.meta.url), 'utf8'),
)![1];
