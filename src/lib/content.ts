import { getCollection, getEntry } from 'astro:content';
import { PRIVACY_POLICY_VERSION } from '../domain/consent';

// Single-file collections (site.yaml, home.yaml, …) hold one entry named after the file.
function required<T>(entry: { data: T } | undefined, file: string): T {
  if (!entry) throw new Error(`content/${file} não encontrado`);
  return entry.data;
}

export const getSite = async () => required(await getEntry('site', 'site'), 'site.yaml');
export const getHome = async () => required(await getEntry('home', 'home'), 'home.yaml');
export const getNotFound = async () => required(await getEntry('notFound', 'not-found'), 'not-found.yaml');
export const getOrcamento = async () => required(await getEntry('orcamento', 'orcamento'), 'orcamento.yaml');
export const getReuniao = async () => required(await getEntry('reuniao', 'reuniao'), 'reuniao.yaml');

export async function getServicePages() {
  return (await getCollection('services')).sort((a, b) => a.data.order - b.data.order);
}

export const getPrivacyPolicy = async () => {
  const entry = await getEntry('legal', 'politica-de-privacidade');
  if (!entry) throw new Error('content/legal/politica-de-privacidade.md não encontrado');
  // The functions accept only the published version (src/domain/consent.ts): both must name the same text.
  if (entry.data.version !== PRIVACY_POLICY_VERSION) {
    throw new Error(`content/legal/politica-de-privacidade.md → version: "${entry.data.version}" difere de PRIVACY_POLICY_VERSION ("${PRIVACY_POLICY_VERSION}") em src/domain/consent.ts; atualize os dois juntos`);
  }
  return entry;
};
